import { defaultDisplayName, displayNameFrom, storedDisplayName } from './display-name';

describe('display-name rule (SPEC §3)', () => {
  it("defaults to 'userHasNoName'", () => {
    expect(defaultDisplayName).toBe('userHasNoName');
  });

  it.each([
    ['Doe, Jane', 'Jane'],
    ['Doe,Jane', 'Jane'],
    ['Doe,   Jane  ', 'Jane'],
    ['van der Berg, Anna Maria', 'Anna Maria'],
    // Only the first comma splits: everything after it is shown.
    ['Doe, Jane, Jr.', 'Jane, Jr.'],
  ])("shows the part after the comma, trimmed: '%s' → '%s'", (stored, shown) => {
    expect(displayNameFrom(stored)).toBe(shown);
  });

  it('shows a name without a comma as it is, trimmed', () => {
    expect(displayNameFrom('  Jane  ')).toBe('Jane');
  });

  it.each([[''], ['Doe,'], ['Doe,   '], ['   '], [null], [undefined]])(
    "gives 'userHasNoName' when the result is empty (%p)",
    (stored) => {
      expect(displayNameFrom(stored)).toBe('userHasNoName');
    },
  );

  it("stores a registered name as 'lastName, firstName' (SPEC §5)", () => {
    expect(storedDisplayName('Jane', 'Doe')).toBe('Doe, Jane');
    expect(storedDisplayName(' Jane ', ' Doe ')).toBe('Doe, Jane');
  });

  it('shows the first name of a stored registration name', () => {
    expect(displayNameFrom(storedDisplayName('Jane', 'Doe'))).toBe('Jane');
  });
});
