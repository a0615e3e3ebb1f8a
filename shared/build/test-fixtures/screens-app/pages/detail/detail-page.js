import { common } from '../../common.js';
import { part } from './detail-part.js';

// Loaded later by the page itself: not among the screen's first scripts.
export const later = () => import('./detail-later.js');
export default () => `DETAIL_PAGE ${part} ${common()}`;
