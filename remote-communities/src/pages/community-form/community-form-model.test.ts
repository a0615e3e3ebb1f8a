import { Value } from '@sinclair/typebox/value';
import { registerTextFormats } from '@hub/contract/register-text-formats';
import { describeProblem } from '@hub/ui/form/field-messages';
import { communityFields, communityFormSchema, emptyCommunityForm, toCommunityInput } from './community-form-model';

registerTextFormats({ production: true });
const valid = { ...emptyCommunityForm, name: 'Rust Guild', countryId: '1' };
type Field = keyof typeof communityFields;
/** The message the form shows for a field of these values, or undefined when the schema accepts them. */
function messageFor(field: Field, values: typeof valid): string | undefined {
  if (Value.Check(communityFormSchema, values)) return undefined;
  const failing = [...Value.Errors(communityFormSchema, values)].some((e) => e.path === `/${field}`);
  if (!failing) return undefined;
  const setup = communityFields[field];
  return describeProblem(communityFormSchema.properties[field], values[field], setup.label, setup.messages);
}

describe('communityFormSchema', () => {
  it('accepts a name and a country, with the rest optional', () => {
    expect(Value.Check(communityFormSchema, valid)).toBe(true);
  });

  it('wants a name that is not blank and at most 120 characters', () => {
    expect(messageFor('name', { ...valid, name: '' })).toBe('Enter a name.');
    expect(messageFor('name', { ...valid, name: 'x'.repeat(120) })).toBeUndefined();
    expect(messageFor('name', { ...valid, name: 'x'.repeat(121) })).toBe('The name can be at most 120 characters.');
  });

  it('wants a base of 1 or 2 and a country', () => {
    expect(messageFor('communityBaseId', { ...valid, communityBaseId: '3' })).toBe('Choose community or network.');
    expect(messageFor('countryId', { ...valid, countryId: '' })).toBe('Choose a country.');
  });

  it('bounds the description and wants an https address for the image, as the API does', () => {
    expect(messageFor('description', { ...valid, description: 'x'.repeat(5001) })).toBe(
      'The description can be at most 5000 characters.',
    );
    for (const refused of ['javascript:alert(1)', 'http://img.test/a.png']) {
      expect(messageFor('imageUrl', { ...valid, imageUrl: refused })).toBe(
        'Enter a full web address starting with https://, or leave it empty.',
      );
    }
    expect(messageFor('imageUrl', { ...valid, imageUrl: 'https://img.test/a.png' })).toBeUndefined();
  });
});

describe('toCommunityInput', () => {
  it('trims the texts and turns the ids into numbers', () => {
    expect(
      toCommunityInput({
        ...valid,
        name: ' Rust ',
        communityBaseId: '2',
        description: ' d ',
        imageUrl: ' ',
        visibility: 'members',
      }),
    ).toEqual({
      name: 'Rust',
      communityBaseId: 2,
      countryId: 1,
      description: 'd',
      imageUrl: '',
      visibility: 'members',
    });
  });
});
