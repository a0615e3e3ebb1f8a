import { emptyCommunityForm, toCommunityInput, validateCommunityForm } from './community-form-model';

const valid = { ...emptyCommunityForm, name: 'Rust Guild', countryId: '1' };

describe('validateCommunityForm', () => {
  it('accepts a name and a country, with the rest optional', () => {
    expect(validateCommunityForm(valid)).toEqual({});
  });

  it('wants a name that is not blank and at most 120 characters', () => {
    expect(validateCommunityForm({ ...valid, name: '   ' }).name).toBe('Enter a name.');
    expect(validateCommunityForm({ ...valid, name: 'x'.repeat(120) }).name).toBeUndefined();
    expect(validateCommunityForm({ ...valid, name: 'x'.repeat(121) }).name).toBe(
      'The name can be at most 120 characters.',
    );
  });

  it('wants a base of 1 or 2 and a country', () => {
    expect(validateCommunityForm({ ...valid, communityBaseId: '3' }).communityBaseId).toBe(
      'Choose community or network.',
    );
    expect(validateCommunityForm({ ...valid, countryId: '' }).countryId).toBe('Choose a country.');
  });

  it('bounds the description and wants a web address for the image', () => {
    expect(validateCommunityForm({ ...valid, description: 'x'.repeat(5001) }).description).toBe(
      'The description can be at most 5000 characters.',
    );
    expect(validateCommunityForm({ ...valid, imageUrl: 'javascript:alert(1)' }).imageUrl).toBe(
      'Enter a full web address starting with https:// or http://, or leave it empty.',
    );
    expect(validateCommunityForm({ ...valid, imageUrl: 'https://img.test/a.png' }).imageUrl).toBeUndefined();
  });
});

describe('toCommunityInput', () => {
  it('trims the texts and turns the ids into numbers', () => {
    expect(
      toCommunityInput({ ...valid, name: ' Rust ', communityBaseId: '2', description: ' d ', imageUrl: ' ' }),
    ).toEqual({
      name: 'Rust',
      communityBaseId: 2,
      countryId: 1,
      description: 'd',
      imageUrl: '',
    });
  });
});
