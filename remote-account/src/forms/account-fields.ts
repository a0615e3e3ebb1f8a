/**
 * The account screens' fields: each a contract schema (so the form checks what the API or identity
 * provider will) and the words the screens have always used for its problems.
 */
import { Type } from '@sinclair/typebox';
import { Email } from '@hub/contract/common';
import { ProfileInput } from '@hub/contract/user';
import type { FieldSetup } from '@hub/ui/form';

export const emailSchema = Email;
export const emailField: FieldSetup = {
  label: 'E-mail address',
  messages: {
    required: 'Enter your e-mail address.',
    tooLong: 'An e-mail address has at most 254 characters.',
    format: 'Enter an e-mail address in the form name@example.com.',
  },
};

/** Signing in needs some password; the policy (password-policy.ts) applies only when one is chosen. */
export const anyPasswordSchema = Type.String({ minLength: 1 });
export const passwordField: FieldSetup = {
  label: 'Password',
  keepSpaces: true,
  messages: { required: 'Enter your password.' },
};

/** The names a person gives themselves, as the profile (PUT api/user) stores them. */
export const firstNameSchema = ProfileInput.properties.firstName;
export const lastNameSchema = ProfileInput.properties.lastName;
/** Also the inputs' maxLength, so typing stops where the API would refuse. */
export const nameMaxLength = ProfileInput.properties.firstName.maxLength ?? 100;
export const firstNameField: FieldSetup = {
  label: 'First name',
  messages: {
    required: 'Enter your first name.',
    tooLong: `Your first name can have at most ${nameMaxLength} characters.`,
  },
};
export const lastNameField: FieldSetup = {
  label: 'Last name',
  messages: {
    required: 'Enter your last name.',
    tooLong: `Your last name can have at most ${nameMaxLength} characters.`,
  },
};

/** A new password: any text here; the policy (password-policy.ts) is checked beside the schema. */
export const newPasswordSchema = Type.String();

export const phoneSchema = ProfileInput.properties.phoneNumber;
export const phoneMaxLength = ProfileInput.properties.phoneNumber.maxLength ?? 40;
export const phoneField: FieldSetup = {
  label: 'Phone number',
  messages: {
    tooLong: `A phone number has at most ${phoneMaxLength} characters.`,
    pattern: 'Use only digits, spaces and + ( ) - . / in a phone number.',
  },
};

/** ProfileInput.city is a name or null; the form holds text, where empty means null. */
const cityName = ProfileInput.properties.city.anyOf[0];
export const cityMaxLength = cityName.maxLength ?? 100;
export const citySchema = (required: boolean) => (required ? cityName : Type.Union([cityName, Type.Literal('')]));
export const cityField: FieldSetup = {
  label: 'City',
  messages: {
    required: 'Enter the city you work in.',
    tooLong: `A city name has at most ${cityMaxLength} characters.`,
  },
};
