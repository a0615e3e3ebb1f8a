/** The Azure Blob Storage store lives in @hub/object-store (the API's images use it too); releases import it from here. */
export { AzureBlobObjectStore, accountOf } from '@hub/object-store/azure-store';
