import { useEffect, useMemo } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { eventVisibilitiesAllowedIn, type Visibility } from '@hub/contract/visibility';
import type { CommunitySummary } from '@hub/shared';
import { FormField } from '@hub/ui/form-field';
import { VisibilityChoices } from '@hub/ui/visibility-field';
import { eventFields, type EventFormValues } from './event-form-model';

export interface EventVisibilityFieldProps {
  form: UseFormReturn<EventFormValues>;
  /** The communities the form offers (and the fixed one): their visibility bounds the event's. */
  communities: readonly CommunitySummary[];
  /** The edited event's community's visibility, for a community not among those offered. */
  knownCommunityVisibility?: Visibility | undefined;
}

/**
 * Who can see the event (issue 28), offering only what its community allows: choosing a narrower
 * community narrows a choice it no longer allows to that community's own, as the API would refuse it.
 */
export function EventVisibilityField({ form, communities, knownCommunityVisibility }: EventVisibilityFieldProps) {
  const communityId = useWatch({ control: form.control, name: 'communityId' });
  const community = communities.find((c) => String(c.id) === communityId);
  const communityVisibility = community?.visibility ?? knownCommunityVisibility ?? 'public';
  const allowed = useMemo(() => eventVisibilitiesAllowedIn(communityVisibility), [communityVisibility]);
  useEffect(() => {
    if (!allowed.includes(form.getValues('visibility')))
      form.setValue('visibility', allowed[0]!, { shouldDirty: true });
  }, [allowed, form]);
  return (
    <FormField control={form.control} name="visibility" label={eventFields.visibility.label} required>
      {(props) => <VisibilityChoices {...props} kind="event" allowed={allowed} />}
    </FormField>
  );
}
