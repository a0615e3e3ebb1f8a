import { now } from 'fixture-shared-now';

// Imported at once, beside the start-up's own work (as the host's render-site is).
import(/* webpackChunkName: "render-site" */ './render-site');

// A page, imported only when it is shown: not start-up.
export const page = () => import('./later-page');
export default `BOOTSTRAP ${now}`;
