// A remote's screens declaration in small (screens-manifest-plugin.test.cjs): a page module two
// screens share through a constant, one imported in place, two through a function of this file.
const listPage = () => import('./pages/list/list-page.js');
const form = (name) => () => import('./pages/form/form-page.js').then((m) => m[name]);

export const screens = {
  list: { page: listPage, public: true, firstReads: ['api/items?:search', 'api/kinds'] },
  otherList: { page: listPage, public: true },
  detail: { page: () => import('./pages/detail/detail-page.js'), public: true, firstReads: ['api/items/:id'] },
  create: { page: form('create'), public: false },
  edit: { page: form('edit'), public: false },
};
