import { CommunityBaseId, type CommunityDetail, type CommunityInput } from '@hub/shared';

/** The form's fields as typed (strings, as inputs give them). */
export interface CommunityFormValues {
  name: string;
  communityBaseId: string;
  countryId: string;
  description: string;
  imageUrl: string;
}

export type CommunityFormErrors = Partial<Record<keyof CommunityFormValues, string>>;

/** The API's bounds (@hub/contract/community `CommunityInput`). */
export const communityLimits = { name: 120, description: 5000, imageUrl: 2048 } as const;

export const emptyCommunityForm: CommunityFormValues = {
  name: '',
  communityBaseId: String(CommunityBaseId.Community),
  countryId: '',
  description: '',
  imageUrl: '',
};

export function formValuesOf(community: CommunityDetail): CommunityFormValues {
  return {
    name: community.name,
    communityBaseId: String(community.communityBaseId),
    countryId: String(community.countryId),
    description: community.description,
    imageUrl: community.imageUrl,
  };
}

/** Field messages for what the API would refuse, so the user hears about it before saving. */
export function validateCommunityForm(values: CommunityFormValues): CommunityFormErrors {
  const errors: CommunityFormErrors = {};
  const name = values.name.trim();
  if (name === '') errors.name = 'Enter a name.';
  else if (name.length > communityLimits.name)
    errors.name = `The name can be at most ${communityLimits.name} characters.`;
  if (baseIdOf(values.communityBaseId) === null) errors.communityBaseId = 'Choose community or network.';
  if (values.countryId === '') errors.countryId = 'Choose a country.';
  if (values.description.length > communityLimits.description) {
    errors.description = `The description can be at most ${communityLimits.description} characters.`;
  }
  const imageUrl = values.imageUrl.trim();
  if (imageUrl.length > communityLimits.imageUrl) {
    errors.imageUrl = `The image URL can be at most ${communityLimits.imageUrl} characters.`;
  } else if (imageUrl !== '' && !isWebAddress(imageUrl)) {
    errors.imageUrl = 'Enter a full web address starting with https:// or http://, or leave it empty.';
  }
  return errors;
}

function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** The base a select's value names, or null when it names none. */
function baseIdOf(text: string): CommunityBaseId | null {
  return Object.values(CommunityBaseId).find((id) => String(id) === text) ?? null;
}

/** The API body of valid values. */
export function toCommunityInput(values: CommunityFormValues): CommunityInput {
  return {
    name: values.name.trim(),
    communityBaseId: baseIdOf(values.communityBaseId) ?? CommunityBaseId.Community,
    countryId: Number(values.countryId),
    description: values.description.trim(),
    imageUrl: values.imageUrl.trim(),
  };
}
