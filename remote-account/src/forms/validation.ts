/**
 * Field checks shared by the account forms. Each returns the message to show under the field, or
 * undefined when the value is fine. Bounds follow the API's schemas (@hub/contract/user and
 * @hub/contract/common), so what the form accepts the API accepts too.
 */

/** A pragmatic address check: something@something.tld, no spaces. The identity provider has the last word. */
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** API `Email`: at most 254 characters. */
export const emailMaxLength = 254;
/** API `ProfileInput` name bounds. */
export const nameMaxLength = 100;
/** API `ProfileInput.phoneNumber`. */
export const phoneMaxLength = 40;
const phonePattern = /^[0-9+()\-. /]*$/;
/** API `ProfileInput.city`. */
export const cityMaxLength = 100;

export function checkEmail(value: string): string | undefined {
  const trimmed = value.trim();
  if (!trimmed) return 'Enter your e-mail address.';
  if (trimmed.length > emailMaxLength) return `An e-mail address has at most ${emailMaxLength} characters.`;
  if (!emailPattern.test(trimmed)) return 'Enter an e-mail address in the form name@example.com.';
  return undefined;
}

export function checkRequired(value: string, message: string): string | undefined {
  return value.trim() ? undefined : message;
}

export function checkName(value: string, label: string): string | undefined {
  if (!value.trim()) return `Enter your ${label}.`;
  if (value.trim().length > nameMaxLength) return `Your ${label} can have at most ${nameMaxLength} characters.`;
  return undefined;
}

export function checkPhone(value: string): string | undefined {
  if (value.trim().length > phoneMaxLength) return `A phone number has at most ${phoneMaxLength} characters.`;
  if (!phonePattern.test(value)) return 'Use only digits, spaces and + ( ) - . / in a phone number.';
  return undefined;
}

export function checkCity(value: string, required: boolean): string | undefined {
  if (!value.trim()) return required ? 'Enter the city you work in.' : undefined;
  if (value.trim().length > cityMaxLength) return `A city name has at most ${cityMaxLength} characters.`;
  return undefined;
}
