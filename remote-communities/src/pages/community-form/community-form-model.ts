import { Type, type Static } from '@sinclair/typebox';
import { CommunityInput } from '@hub/contract/community';
import { AppointCoreMemberInput } from '@hub/contract/core-members';
import { CommunityBaseId, type CommunityDetail } from '@hub/shared';
import type { FieldSetup } from '@hub/ui/form';
import { VISIBILITIES, type Visibility } from '@hub/contract/visibility';

/** The form's fields as typed (strings, as inputs give them). */
export interface CommunityFormValues {
  name: string;
  communityBaseId: string;
  countryId: string;
  description: string;
  imageUrl: string;
  /** A new community's lead, by e-mail ('' for none yet): appointed once it is created. */
  leadEmail: string;
  /** Who can see it (issue 28). */
  visibility: Visibility;
}

/** The API's bounds (@hub/contract/community `CommunityInput`), also the inputs' maxLength. */
export const communityLimits = {
  name: CommunityInput.properties.name.maxLength ?? 120,
  description: CommunityInput.properties.description.maxLength ?? 5000,
  imageUrl: CommunityInput.properties.imageUrl.maxLength ?? 2048,
} as const;

/** CommunityInput as the form holds it: the texts as the API checks them, the two selects as their values. */
export const communityFormSchema = Type.Object({
  name: CommunityInput.properties.name,
  communityBaseId: Type.Union(Object.values(CommunityBaseId).map((id) => Type.Literal(String(id)))),
  countryId: Type.String({ minLength: 1 }),
  description: CommunityInput.properties.description,
  imageUrl: CommunityInput.properties.imageUrl,
  leadEmail: Type.Union([AppointCoreMemberInput.properties.email, Type.Literal('')]),
  visibility: Type.Union(VISIBILITIES.map((v) => Type.Literal(v))),
});

/** The fields' labels and the words for what the API would refuse, so the user hears about it before saving. */
export const communityFields = {
  name: {
    label: 'Name',
    messages: { required: 'Enter a name.', tooLong: `The name can be at most ${communityLimits.name} characters.` },
  },
  communityBaseId: { label: 'Type', messages: { invalid: 'Choose community or network.' } },
  countryId: { label: 'Country', messages: { required: 'Choose a country.' } },
  description: {
    label: 'Description',
    messages: { tooLong: `The description can be at most ${communityLimits.description} characters.` },
  },
  imageUrl: {
    label: 'Image URL',
    messages: {
      tooLong: `The image URL can be at most ${communityLimits.imageUrl} characters.`,
      // The API takes https only (http://localhost too in development), so the form does not offer http.
      format: 'Enter a full web address starting with https://, or leave it empty.',
    },
  },
  leadEmail: {
    label: 'Lead (e-mail)',
    messages: { format: 'Enter the e-mail address of the lead, or leave it empty to appoint one later.' },
  },
  visibility: { label: 'Who can see it', messages: { invalid: 'Choose who can see it.' } },
} satisfies Record<keyof CommunityFormValues, FieldSetup>;

export const emptyCommunityForm: CommunityFormValues = {
  name: '',
  communityBaseId: String(CommunityBaseId.Community),
  countryId: '',
  description: '',
  imageUrl: '',
  leadEmail: '',
  visibility: 'public',
};

export function formValuesOf(community: CommunityDetail): CommunityFormValues {
  return {
    name: community.name,
    communityBaseId: String(community.communityBaseId),
    countryId: String(community.countryId),
    description: community.description,
    imageUrl: community.imageUrl,
    leadEmail: '',
    visibility: community.visibility ?? 'public',
  };
}

/** The base a select's value names, or null when it names none. */
function baseIdOf(text: string): CommunityBaseId | null {
  return Object.values(CommunityBaseId).find((id) => String(id) === text) ?? null;
}

/** The API body of valid values. */
export function toCommunityInput(values: CommunityFormValues): Static<typeof CommunityInput> {
  return {
    name: values.name.trim(),
    communityBaseId: baseIdOf(values.communityBaseId) ?? CommunityBaseId.Community,
    countryId: Number(values.countryId),
    description: values.description.trim(),
    imageUrl: values.imageUrl.trim(),
    visibility: values.visibility,
  };
}
