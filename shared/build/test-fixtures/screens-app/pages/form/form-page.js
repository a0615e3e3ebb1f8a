export const create = () => 'FORM_CREATE';
export const edit = () => 'FORM_EDIT';
