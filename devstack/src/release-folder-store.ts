/** The folder store lives in @hub/object-store (the API's images use it too); releases import it from here. */
export { FolderObjectStore } from '@hub/object-store/folder-store';
