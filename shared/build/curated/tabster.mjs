// The names of 'tabster' the apps' bundles use, shared as one module: see ../curated-shares.cjs.
// Written by the build (HUB_WRITE_CURATED_SHARES=1); a name is added in a host release first.
export {
  GroupperMoveFocusActions,
  GroupperMoveFocusEvent,
  GroupperMoveFocusEventName,
  GroupperTabbabilities,
  MoverDirections,
  MoverKeys,
  MoverMemorizedElementEvent,
  MoverMemorizedElementEventName,
  MoverMoveFocusEvent,
  MoverMoveFocusEventName,
  RestorerTypes,
  TABSTER_ATTRIBUTE_NAME,
  TabsterMoveFocusEvent,
  TabsterMoveFocusEventName,
  dispatchGroupperMoveFocusEvent,
  dispatchMoverMoveFocusEvent,
  disposeTabster,
  getGroupper,
  getModalizer,
  getMover,
  getRestorer,
  getTabsterAttribute,
} from '@hub/curated-complete/tabster';
export { createTabster } from './tabster-keep-alive.mjs';
