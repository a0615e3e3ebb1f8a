import { eventVisibilitiesAllowedIn, isEventVisibilityAllowed, VISIBILITIES } from './visibility.ts';

describe('event visibility within its community', () => {
  it('allows the community’s own visibility and anything narrower', () => {
    expect(eventVisibilitiesAllowedIn('public')).toEqual(['public', 'unlisted', 'staff', 'members']);
    expect(eventVisibilitiesAllowedIn('unlisted')).toEqual(['unlisted', 'staff', 'members']);
    expect(eventVisibilitiesAllowedIn('staff')).toEqual(['staff', 'members']);
    expect(eventVisibilitiesAllowedIn('members')).toEqual(['members']);
  });

  it('agrees with the allowed lists for every pair', () => {
    for (const community of VISIBILITIES)
      for (const event of VISIBILITIES)
        expect(isEventVisibilityAllowed(event, community)).toBe(eventVisibilitiesAllowedIn(community).includes(event));
    expect(isEventVisibilityAllowed('public', 'staff')).toBe(false);
  });
});
