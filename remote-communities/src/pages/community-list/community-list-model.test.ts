import { titleOfBase } from './community-list-model';

describe('titleOfBase', () => {
  it("pluralises the API's base names and keeps any other name", () => {
    expect(titleOfBase({ id: 1, name: 'Community' })).toBe('Communities');
    expect(titleOfBase({ id: 2, name: 'Network' })).toBe('Networks');
    expect(titleOfBase({ id: 3, name: 'Guilds' })).toBe('Guilds');
  });
});
