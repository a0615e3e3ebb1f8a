// The names of 'keyborg' the apps' bundles use, shared as one module: see ../curated-shares.cjs.
// Written by the build (HUB_WRITE_CURATED_SHARES=1); a name is added in a host release first.
export {
  KEYBORG_FOCUSIN,
  KEYBORG_FOCUSOUT,
  createKeyborg,
  disposeKeyborg,
  nativeFocus,
} from '@hub/curated-complete/keyborg';
