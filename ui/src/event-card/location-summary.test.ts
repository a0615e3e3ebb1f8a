import { locationSummary } from './location-summary';

const at = (cityName: string, online: 'Yes' | 'No' = 'No') => ({ cityName, online });

describe('locationSummary', () => {
  it('names the cities once each and whether it is online', () => {
    expect(locationSummary([at('Amsterdam')])).toBe('Amsterdam');
    expect(locationSummary([at('Teams', 'Yes')])).toBe('Online');
    expect(locationSummary([at('Amsterdam'), at('Online', 'Yes')])).toBe('Amsterdam · Online');
    expect(locationSummary([at('Amsterdam'), at('Utrecht'), at('Amsterdam')])).toBe('Amsterdam and Utrecht');
    expect(locationSummary([at('Paris'), at('Lyon'), at('Lille')])).toBe('Paris, Lyon and Lille');
  });

  it('keeps many cities short', () => {
    expect(locationSummary([at('A'), at('B'), at('C'), at('D'), at('E', 'Yes')])).toBe('A, B and 2 more · Online');
  });

  it('says when no place is known yet', () => {
    expect(locationSummary([])).toBe('Place to be announced');
    expect(locationSummary([at(' ')])).toBe('Place to be announced');
  });
});
