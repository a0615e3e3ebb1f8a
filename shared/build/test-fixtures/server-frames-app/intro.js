export const intro = 'FRAME_INTRO';
