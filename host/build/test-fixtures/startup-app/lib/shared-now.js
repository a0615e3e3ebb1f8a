export const now = 'SHARED_NOW';
