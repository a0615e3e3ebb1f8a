export const site = 'RENDER_SITE';
