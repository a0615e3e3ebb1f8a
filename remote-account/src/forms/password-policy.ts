/**
 * The password rules (SPEC §5 leaves them open; decided here): at least 8 characters, with an
 * upper-case letter, a lower-case letter and a digit. They are shown before the user types and
 * checked live, on registration and when setting a new password. The identity provider may be
 * stricter still; its 'weak-password' answer is shown as it comes.
 */
export interface PasswordRule {
  id: 'length' | 'upper' | 'lower' | 'digit';
  /** The rule in the list under the field. */
  label: string;
  /** The same rule inside a sentence ("Your password still needs: …"), written out rather than lower-cased: the label's "(A–Z)" must stay upper case. */
  needed: string;
  test: (password: string) => boolean;
}

export const passwordMinLength = 8;

export const passwordRules: readonly PasswordRule[] = [
  {
    id: 'length',
    label: `At least ${passwordMinLength} characters`,
    needed: `at least ${passwordMinLength} characters`,
    test: (p) => p.length >= passwordMinLength,
  },
  {
    id: 'upper',
    label: 'An upper-case letter (A–Z)',
    needed: 'an upper-case letter (A–Z)',
    test: (p) => /\p{Lu}/u.test(p),
  },
  {
    id: 'lower',
    label: 'A lower-case letter (a–z)',
    needed: 'a lower-case letter (a–z)',
    test: (p) => /\p{Ll}/u.test(p),
  },
  { id: 'digit', label: 'A digit (0–9)', needed: 'a digit (0–9)', test: (p) => /\d/.test(p) },
];

export function unmetPasswordRules(password: string): PasswordRule[] {
  return passwordRules.filter((rule) => !rule.test(password));
}

export function checkNewPassword(password: string): string | undefined {
  if (!password) return 'Choose a password.';
  const unmet = unmetPasswordRules(password);
  if (unmet.length === 0) return undefined;
  return `Your password still needs: ${unmet.map((r) => r.needed).join(', ')}.`;
}

export function checkPasswordConfirmation(password: string, confirmation: string): string | undefined {
  if (!confirmation) return 'Type your password again.';
  return confirmation === password ? undefined : 'The two passwords are not the same.';
}
