import { whosGoingSentence } from './whos-going-line';

describe('whosGoingSentence', () => {
  it('names those who agreed and counts the others', () => {
    expect(whosGoingSentence(['Anna', 'Ben'], 23, false)).toBe('Anna, Ben and 23 others are going');
    expect(whosGoingSentence(['Anna', 'Ben', 'Carl'], 1, false)).toBe('Anna, Ben, Carl and 1 other are going');
    expect(whosGoingSentence(['Anna', 'Ben'], 0, false)).toBe('Anna and Ben are going');
    expect(whosGoingSentence(['Anna'], 0, false)).toBe('Anna is going');
    expect(whosGoingSentence(['Anna'], 2, true)).toBe('Anna and 2 others went');
  });

  it('says nothing without a name (the page already counts those attending)', () => {
    expect(whosGoingSentence([], 23, false)).toBeNull();
    expect(whosGoingSentence([], 0, false)).toBeNull();
  });
});
