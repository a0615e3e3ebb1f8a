import { common } from '../../common.js';

export default () => `LIST_PAGE ${common()}`;
