export const common = () => 'COMMON_PART of the list and detail pages';
