import { useState } from 'react';
import { Controller } from 'react-hook-form';
import {
  Body1,
  Card,
  CardHeader,
  Field,
  makeStyles,
  Radio,
  RadioGroup,
  Skeleton,
  SkeletonItem,
  Subtitle1,
  Subtitle2,
  Switch,
  tokens,
} from '@fluentui/react-components';
import { Type } from '@sinclair/typebox';
import {
  CommunityNewsChoice,
  MailKindSwitches,
  type MailKind,
  type MailPreferences,
} from '@hub/contract/mail-preferences';
import { toNormalisedError, useAtomValue, useMailPreferences, userInfoAtom, useSaveMailPreferences } from '@hub/shared';
import { useHubForm } from '@hub/ui/form';
import { FormProblem } from '@hub/ui/form-problem';
import { LoadFailure } from '@hub/ui/load-failure';
import { Notice } from '@hub/ui/notice';
import { SubmitButton } from '@hub/ui/submit-button';
import { useFormStyles } from '../../components/form-styles';

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  heading: { margin: 0 },
  kinds: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  communities: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
  // On a phone the three choices wrap under each other instead of running off the screen.
  choices: { flexWrap: 'wrap', columnGap: tokens.spacingHorizontalL },
});

/** Each kind of mail a person can switch off, as the switches name it, in the order shown. */
export const MAIL_KIND_LABELS: Record<MailKind, { label: string; hint: string }> = {
  reminders: { label: 'Reminders', hint: 'A day and an hour before the events you attend.' },
  'community-news': {
    label: 'News from my communities',
    hint: 'New events of the communities and networks you joined, as chosen for each below.',
  },
  'organiser-messages': { label: 'Messages from organisers', hint: 'What the organisers of your events write to you.' },
  announcements: { label: 'Announcements', hint: "What your communities' leads write to their members." },
  digest: { label: 'Weekly digest', hint: 'The coming events of your communities, once a week.' },
  'join-requests': {
    label: 'Requests to join',
    hint: 'When someone asks to join a members-only community you are a core member of.',
  },
};

/** Kinds that only some people are ever sent: the notice of a request to join goes to core members only. */
const shownKinds = (coreMember: boolean) =>
  (Object.keys(MAIL_KIND_LABELS) as MailKind[]).filter((kind) => kind !== 'join-requests' || coreMember);

const CHOICES = [
  { value: 'now', label: 'At once' },
  { value: 'digest', label: 'In the weekly digest' },
  { value: 'none', label: 'Not at all' },
] as const;

const formSchema = Type.Object({
  kinds: MailKindSwitches,
  communities: Type.Array(CommunityNewsChoice),
});

/**
 * My account's mail preferences (issue 26): a switch per kind of mail that is not transactional, and
 * per joined community or network how its new events reach you. Saved with PUT
 * api/user/mail-preferences; the mails' unsubscribe links change the same settings.
 */
export function MailPreferencesCard() {
  const styles = useStyles();
  const preferences = useMailPreferences();
  return (
    <Card className={styles.card} aria-labelledby="mail-preferences" id="mail-preferences-card">
      <CardHeader
        header={
          <Subtitle1 as="h2" block id="mail-preferences" className={styles.heading}>
            Mail preferences
          </Subtitle1>
        }
        description={
          <Body1>
            Choose the mails you get. Confirmations and changes to events you attend always come: they keep your
            calendar right.
          </Body1>
        }
      />
      {preferences.isSuccess ? (
        <PreferencesForm preferences={preferences.data} />
      ) : preferences.isError ? (
        <LoadFailure
          title="Could not load your mail preferences"
          error={toNormalisedError(preferences.error)}
          onRetry={() => void preferences.refetch()}
        />
      ) : (
        <Skeleton aria-label="Loading your mail preferences">
          {[0, 1, 2, 3, 4].map((i) => (
            <SkeletonItem key={i} size={24} />
          ))}
        </Skeleton>
      )}
    </Card>
  );
}

function PreferencesForm({ preferences }: { preferences: MailPreferences }) {
  const styles = useStyles();
  const formStyles = useFormStyles();
  const save = useSaveMailPreferences();
  const [saved, setSaved] = useState(false);
  const { form, submit, pending, problem } = useHubForm({
    schema: formSchema,
    defaultValues: {
      kinds: preferences.kinds,
      communities: preferences.communities.map(({ communityId, choice }) => ({ communityId, choice })),
    },
    fields: {},
  });
  const newsOn = form.watch('kinds.community-news');
  const coreMember = useAtomValue(userInfoAtom).coreMemberOfCommunities.length > 0;

  const onSubmit = submit(async (values) => {
    setSaved(false);
    const answer = await save.mutateAsync(values);
    form.reset({
      kinds: answer.kinds,
      communities: answer.communities.map(({ communityId, choice }) => ({ communityId, choice })),
    });
    setSaved(true);
  });

  return (
    <form
      className={formStyles.form}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-labelledby="mail-preferences"
    >
      <div className={styles.kinds} role="group" aria-labelledby="mail-kinds-heading">
        <Subtitle2 as="h3" id="mail-kinds-heading" className={styles.heading}>
          Kinds of mail
        </Subtitle2>
        {shownKinds(coreMember).map((kind) => (
          <Controller
            key={kind}
            control={form.control}
            name={`kinds.${kind}`}
            render={({ field }) => (
              <Field hint={MAIL_KIND_LABELS[kind].hint}>
                <Switch
                  label={MAIL_KIND_LABELS[kind].label}
                  checked={field.value}
                  onChange={(_event, data) => field.onChange(data.checked)}
                  onBlur={field.onBlur}
                  name={field.name}
                />
              </Field>
            )}
          />
        ))}
      </div>

      {preferences.communities.length > 0 ? (
        <div role="group" aria-labelledby="mail-communities-heading">
          <Subtitle2 as="h3" id="mail-communities-heading" className={styles.heading}>
            New events of each community
          </Subtitle2>
          {!newsOn ? (
            <Body1 block>News from your communities is switched off above; these choices apply when it is on.</Body1>
          ) : null}
          <ul className={styles.communities}>
            {preferences.communities.map((community, index) => (
              <li key={community.communityId}>
                <Controller
                  control={form.control}
                  name={`communities.${index}.choice`}
                  render={({ field }) => (
                    <Field label={`${community.communityName} (${community.baseName.toLowerCase()})`}>
                      <RadioGroup
                        layout="horizontal"
                        className={styles.choices}
                        value={field.value}
                        name={field.name}
                        onChange={(_event, data) => field.onChange(data.value)}
                      >
                        {CHOICES.map((choice) => (
                          <Radio key={choice.value} value={choice.value} label={choice.label} />
                        ))}
                      </RadioGroup>
                    </Field>
                  )}
                />
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <Body1 block>Join a community to choose how its new events reach you.</Body1>
      )}

      {saved && !form.formState.isDirty ? (
        <Notice intent="success" announce="status" title="Mail preferences saved">
          Your choices apply to the next mails.
        </Notice>
      ) : null}
      <FormProblem problem={problem} />
      <div className={formStyles.actions}>
        <SubmitButton pending={pending} pendingLabel="Saving…">
          Save mail preferences
        </SubmitButton>
      </div>
    </form>
  );
}
