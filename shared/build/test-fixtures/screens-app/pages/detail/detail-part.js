export const part = 'DETAIL_PART';
