import { now } from 'fixture-shared-now';
// A package the start-up uses (startup-chunks.js puts it in the packages' file).
import { ErrorBoundary } from 'react-error-boundary';

// Imported at once, beside the start-up's own work (as the host's render-site is).
import(/* webpackChunkName: "render-site" */ './render-site');

// A page, imported only when it is shown: not start-up.
export const page = () => import(/* webpackChunkName: "later-page" */ './later-page');
export default `BOOTSTRAP ${now} ${typeof ErrorBoundary}`;
