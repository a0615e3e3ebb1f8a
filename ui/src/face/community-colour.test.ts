import {
  communityColour,
  communityInitials,
  contrastWithWhite,
  coverTile,
  coverTileCount,
  minimumContrast,
} from './community-colour';

const rgbOf = (hex: string): [number, number, number] =>
  [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];

describe('communityColour', () => {
  const ids = Array.from({ length: 200 }, (_, i) => i + 1);

  it('is the same for a community every time', () => {
    expect(communityColour(7)).toBe(communityColour(7));
    expect(communityColour(7)).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('differs for every two of the first 32 communities, then comes round again', () => {
    const colours = ids.slice(0, coverTileCount).map(communityColour);
    expect(new Set(colours).size).toBe(coverTileCount);
    expect(communityColour(7 + coverTileCount)).toBe(communityColour(7));
    expect(coverTile(7 + coverTileCount)).toBe(coverTile(7));
  });

  it('differs visibly between neighbouring ids', () => {
    for (const id of ids.slice(0, 50)) {
      const [a, b] = [rgbOf(communityColour(id)), rgbOf(communityColour(id + 1))];
      const distance = Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
      expect(distance).toBeGreaterThan(40);
    }
  });

  it('keeps white text readable (4.5:1) on every tile, in light and dark theme alike', () => {
    for (const id of ids) expect(contrastWithWhite(rgbOf(communityColour(id)))).toBeGreaterThanOrEqual(minimumContrast);
  });
});

describe('communityInitials', () => {
  it('takes the first letters of the first two words that carry meaning', () => {
    expect(communityInitials('Java Guild')).toBe('JG');
    expect(communityInitials('Friends of the Cloud')).toBe('FC');
    expect(communityInitials('élan vital')).toBe('ÉV');
    expect(communityInitials('AI')).toBe('A');
    expect(communityInitials('  ')).toBe('#');
  });
});
