import { later } from 'fixture-shared-later';
// A package only this page uses: it stays with the page.
import { cacheNames } from 'workbox-core/_private/cacheNames.js';

export default `LATER_PAGE ${later} ${cacheNames.precache}`;
