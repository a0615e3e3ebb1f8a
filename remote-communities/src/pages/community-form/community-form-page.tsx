import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Input, makeStyles, mergeClasses, Select, Textarea, Title1, tokens } from '@fluentui/react-components';
import { usePageTitle } from '@hub/ui/use-page-title';
import {
  parseId,
  changeCoreMembers,
  firstFailure,
  CommunityBaseId,
  isAdmin,
  isCommunityLead,
  isCoreMemberOf,
  retryFailed,
  routePaths,
  toNormalisedError,
  useCommunity,
  useCountries,
  userInfoAtom,
  useSaveCommunity,
  type CommunityDetail,
  type Country,
  type ImageRef,
  type NormalisedError,
  useAtomValue,
} from '@hub/shared';
import { useHubForm } from '@hub/ui/form';
import { FormField } from '@hub/ui/form-field';
import { VisibilityChoices } from '@hub/ui/visibility-field';
import { ImageUpload } from '@hub/ui/image-upload';
import { SubmitButton } from '@hub/ui/submit-button';
import { LoadFailure } from '@hub/ui/load-failure';
import { Notice } from '@hub/ui/notice';
import { showToast } from '@hub/ui/show-toast';
import { RouterButtonLink } from '@hub/ui/router-link';
import { RowsSkeleton } from '@hub/ui/skeletons';
import { usePageStyles } from '@hub/ui/page-styles';
import {
  communityFields,
  communityFormSchema,
  communityLimits,
  emptyCommunityForm,
  formValuesOf,
  toCommunityInput,
} from './community-form-model';
import { CoreMembersPanel } from './core-members-panel';
import { textsOfBase } from '../../texts/base-texts';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '40rem' },
});

/** SPEC §2 community create (`/community-form`, admin). */
export function CommunityCreatePage() {
  return <CommunityFormPage mode="create" />;
}

/** SPEC §2 community edit (`/community-form/edit/:communityId`, a core member of it or an admin). */
export function CommunityEditPage() {
  return <CommunityFormPage mode="edit" />;
}

function CommunityFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const page = usePageStyles();
  const user = useAtomValue(userInfoAtom);
  const communityId = parseId(useParams().communityId);
  // "Create a network" on /networks opens /community-form?base=2: title, Type and Cancel follow it.
  const createBase = textsOfBase(Number(useSearchParams()[0].get('base') ?? CommunityBaseId.Community));
  const title = mode === 'create' ? `Create a ${createBase.singular}` : 'Edit community';

  const countries = useCountries();
  const edited = useCommunity(mode === 'edit' ? communityId : null);
  // An unknown id (or a non-numeric one) shows "does not exist", not a failure to retry.
  const missing =
    mode === 'edit' && (communityId === null || (edited.isError && toNormalisedError(edited.error).status === 404));
  const error = firstFailure(countries, ...(missing ? [] : [edited]));
  const state = error
    ? ({ status: 'error', error } as const)
    : countries.data && (mode === 'create' || missing || edited.data)
      ? ({
          status: 'ready',
          data: { countries: countries.data, community: missing ? null : (edited.data ?? null) },
        } as const)
      : ({ status: 'loading' } as const);
  const retry = () => retryFailed(countries, edited);
  const editing = state.status === 'ready' ? state.data.community : null;
  usePageTitle(editing ? `Edit ${editing.name}` : title);

  const allowed =
    mode === 'create' ? isAdmin(user) : communityId !== null && (isAdmin(user) || isCoreMemberOf(user, communityId));
  const navigate = useNavigate();
  useEffect(() => {
    if (allowed) return;
    // The same as the host's guard for a page the user may not open (SPEC §4: sent to '/'), with a toast saying why.
    showToast({
      intent: 'warning',
      title: 'Not allowed',
      body:
        mode === 'create'
          ? 'Only admins can create communities and networks.'
          : 'Only the core members of this community and admins can edit it.',
    });
    void navigate(routePaths.home(), { replace: true });
  }, [allowed, mode, navigate]);
  if (!allowed) return null;

  return (
    <section className={mergeClasses(page.page, page.medium)} aria-labelledby="community-form-title">
      <Title1 as="h1" block id="community-form-title" className={page.heading}>
        {editing ? `Edit ${editing.name}` : title}
      </Title1>
      {state.status === 'loading' && <RowsSkeleton label="Loading the form" count={5} />}
      {state.status === 'error' && <LoadFailure title="Could not load the form" error={state.error} onRetry={retry} />}
      {state.status === 'ready' && mode === 'edit' && state.data.community === null && (
        <Notice title="This community does not exist" intent="warning">
          There is no community or network to edit at this address.
        </Notice>
      )}
      {state.status === 'ready' && (mode === 'create' || state.data.community) && (
        <>
          <CommunityForm
            countries={state.data.countries}
            community={state.data.community}
            createBaseId={createBase.baseId}
          />
          {state.data.community && (isAdmin(user) || isCommunityLead(user, state.data.community.id)) && (
            <CoreMembersPanel communityId={state.data.community.id} />
          )}
        </>
      )}
    </section>
  );
}

interface CommunityFormProps {
  countries: Country[];
  community: CommunityDetail | null;
  /** The base a new community is created in (from the list it was opened from). */
  createBaseId: CommunityBaseId;
}

function CommunityForm({ countries, community, createBaseId }: CommunityFormProps) {
  const page = usePageStyles();
  const styles = useStyles();
  const navigate = useNavigate();
  const createTexts = textsOfBase(createBaseId);
  const save = useSaveCommunity();
  const [failure, setFailure] = useState<NormalisedError | null>(null);
  // Uploaded images are saved by id with the form; the control holds what the upload answered.
  const [logo, setLogo] = useState<ImageRef | null>(community?.logo ?? null);
  const [cover, setCover] = useState<ImageRef | null>(community?.cover ?? null);
  const imageTarget = community ? { communityId: community.id } : {};
  const { form, submit, pending, placeOnFields } = useHubForm({
    schema: communityFormSchema,
    defaultValues: community
      ? formValuesOf(community)
      : { ...emptyCommunityForm, communityBaseId: String(createBaseId) },
    fields: communityFields,
  });

  const onSubmit = submit(
    async (values) => {
      setFailure(null);
      const saved = await save.mutateAsync({
        id: community?.id,
        input: { ...toCommunityInput(values), logoImageId: logo?.id ?? null, coverImageId: cover?.id ?? null },
      });
      const lead = community ? '' : values.leadEmail.trim();
      if (lead) {
        try {
          // The API appoints by e-mail, whether or not they have signed in yet (a pending seat).
          await changeCoreMembers(saved.id, { kind: 'add', email: lead, lead: true });
        } catch (error) {
          // It exists now: its edit page, where the core members are managed, is where to try again.
          showToast({
            intent: 'warning',
            title: `${saved.name} is created, without its lead`,
            body: `${toNormalisedError(error).message} Appoint the lead under Core members.`,
          });
          void navigate(routePaths.communityEdit(saved.id));
          return;
        }
      }
      void navigate(routePaths.communityDetail(saved.id));
    },
    (error) => {
      // The server's reasons on the fields they name, and the whole answer with Retry above the form.
      placeOnFields(error);
      setFailure(toNormalisedError(error));
      return true;
    },
  );

  return (
    <form className={styles.form} noValidate onSubmit={(e) => void onSubmit(e)} aria-label="Community details">
      {failure && <LoadFailure title="Could not save the community" error={failure} onRetry={() => void onSubmit()} />}
      <FormField
        control={form.control}
        name="name"
        label={communityFields.name.label}
        required
        hint={`At most ${communityLimits.name} characters.`}
      >
        {(props) => <Input {...props} maxLength={communityLimits.name} />}
      </FormField>
      <FormField control={form.control} name="communityBaseId" label={communityFields.communityBaseId.label} required>
        {({ onChange, ...props }) => (
          <Select {...props} onChange={(event, d) => onChange(event, d)}>
            <option value={String(CommunityBaseId.Community)}>Community</option>
            <option value={String(CommunityBaseId.Network)}>Network</option>
          </Select>
        )}
      </FormField>
      <FormField control={form.control} name="countryId" label={communityFields.countryId.label} required>
        {({ onChange, ...props }) => (
          <Select {...props} onChange={(event, d) => onChange(event, d)}>
            <option value="">Choose a country</option>
            {countries.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.name}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField control={form.control} name="visibility" label={communityFields.visibility.label} required>
        {(props) => <VisibilityChoices {...props} kind="community" />}
      </FormField>
      <FormField control={form.control} name="description" label={communityFields.description.label}>
        {(props) => <Textarea {...props} resize="vertical" rows={5} />}
      </FormField>
      <ImageUpload
        label="Cover"
        hint="Shown on the community's card and page, cropped around the point you click (16:9 suits it best)."
        target={{ kind: 'community-cover', ...imageTarget }}
        value={cover}
        onChange={setCover}
      />
      <ImageUpload
        label="Logo"
        hint="A square picture: the community's mark."
        target={{ kind: 'community-logo', ...imageTarget }}
        value={logo}
        onChange={setLogo}
      />
      {!community && (
        <FormField
          control={form.control}
          name="leadEmail"
          label={communityFields.leadEmail.label}
          hint={`The person who runs the ${createTexts.singular}: they become its lead and a core member (they need not have signed in yet). Leave empty to appoint one later.`}
        >
          {(props) => <Input {...props} inputMode="email" autoComplete="off" />}
        </FormField>
      )}
      <div className={page.actions}>
        <SubmitButton pending={pending} pendingLabel="Saving…">
          {community ? 'Save changes' : `Create ${createTexts.singular}`}
        </SubmitButton>
        <RouterButtonLink to={community ? routePaths.communityDetail(community.id) : createTexts.listPath()}>
          Cancel
        </RouterButtonLink>
      </div>
    </form>
  );
}
