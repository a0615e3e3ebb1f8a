export const later = 'SHARED_LATER';
