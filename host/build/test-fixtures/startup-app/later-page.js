import { later } from 'fixture-shared-later';

export default `LATER_PAGE ${later}`;
