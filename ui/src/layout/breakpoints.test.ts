import { belowWidth, breakpoints, fromWidth } from './breakpoints';

describe('layout breakpoints (SPEC §9)', () => {
  it('are 600, 960, 1280 and 1920 px', () => {
    expect(Object.values(breakpoints)).toEqual([600, 960, 1280, 1920]);
  });

  it('make min-width media queries', () => {
    expect(fromWidth('medium')).toBe('@media (min-width: 960px)');
    expect(belowWidth('small')).toBe('@media (max-width: 599px)');
  });
});
