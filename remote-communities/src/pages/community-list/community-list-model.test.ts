import { matchesSearch, titleOfBase } from './community-list-model';

describe('matchesSearch', () => {
  it('ignores case, accents and surrounding spaces', () => {
    expect(matchesSearch('Data & AI Community', 'data')).toBe(true);
    expect(matchesSearch('Café Club', ' CAFE ')).toBe(true);
    expect(matchesSearch('Java Community', 'rust')).toBe(false);
  });
});

describe('titleOfBase', () => {
  it("pluralises the API's base names and keeps any other name", () => {
    expect(titleOfBase({ id: 1, name: 'Community' })).toBe('Communities');
    expect(titleOfBase({ id: 2, name: 'Network' })).toBe('Networks');
    expect(titleOfBase({ id: 3, name: 'Guilds' })).toBe('Guilds');
  });
});
