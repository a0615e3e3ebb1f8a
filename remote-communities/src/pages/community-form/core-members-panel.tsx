import { useState } from 'react';
import { Badge, Button, Input, makeStyles, Subtitle2, Text, tokens } from '@fluentui/react-components';
import { PersonDeleteRegular, StarRegular } from '@fluentui/react-icons';
import { Type } from '@sinclair/typebox';
import { AppointCoreMemberInput } from '@hub/contract/core-members';
import {
  firstFailure,
  retryFailed,
  toNormalisedError,
  useChangeCoreMembers,
  useManagedCoreMembers,
  type CoreMemberChange,
  type CoreMember,
  type NormalisedError,
} from '@hub/shared';
import { LoadFailure } from '@hub/ui/load-failure';
import { RowsSkeleton } from '@hub/ui/skeletons';
import { usePageStyles } from '@hub/ui/page-styles';
import { useHubForm } from '@hub/ui/form';
import { FormField } from '@hub/ui/form-field';
import { SubmitButton } from '@hub/ui/submit-button';
import { usePersonRowStyles } from '../../components/person-row-styles';

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '40rem' },
  heading: { margin: 0 },
  // The button stays level with the input, not with a message under it.
  add: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'start', flexWrap: 'wrap' },
  addField: { flex: '1 1 16rem' },
  addButton: { marginTop: '26px' },
});

/** The appointment as the form holds it: the address, checked as the API checks it. */
const AppointSchema = Type.Object({ email: AppointCoreMemberInput.properties.email });
const appointMessage = 'Enter the e-mail address of the person to appoint.';

function nameOf(m: CoreMember): string {
  return `${m.firstName} ${m.lastName}`.trim() || m.email;
}

/**
 * Core-member management of one community, for its lead and admins: appoint by e-mail, remove,
 * and choose the lead (one lead: choosing a new one steps the others down).
 */
export function CoreMembersPanel({ communityId }: { communityId: number }) {
  const page = usePageStyles();
  const styles = useStyles();
  const rows = usePersonRowStyles();
  const members = useManagedCoreMembers(communityId);
  const loadError = firstFailure(members);
  const state = loadError
    ? ({ status: 'error', error: loadError } as const)
    : members.data
      ? ({ status: 'ready', data: members.data } as const)
      : ({ status: 'loading' } as const);
  const retry = () => retryFailed(members);
  // The mutation re-reads the list, the community and the user info (seats decide permissions).
  const changeCoreMembers = useChangeCoreMembers(communityId);
  const busy = changeCoreMembers.isPending;
  const { form, submit, pending, placeOnFields } = useHubForm({
    schema: AppointSchema,
    defaultValues: { email: '' },
    fields: {
      email: {
        label: 'E-mail address of the new core member',
        messages: { required: appointMessage, format: appointMessage, tooLong: appointMessage },
      },
    },
  });
  const [failure, setFailure] = useState<{ title: string; error: NormalisedError; again: () => void } | null>(null);

  const run = async (title: string, change: CoreMemberChange, onError?: (error: unknown) => void): Promise<boolean> => {
    if (changeCoreMembers.isPending) return false;
    setFailure(null);
    try {
      await changeCoreMembers.mutateAsync(change);
      return true;
    } catch (error) {
      onError?.(error);
      setFailure({ title, error: toNormalisedError(error), again: () => void run(title, change, onError) });
      return false;
    }
  };

  const add = submit(async ({ email }) => {
    // A refusal is shown with Retry above the list; a 400's reason also lands on the address field.
    if (await run('Could not add the core member', { kind: 'add', email }, placeOnFields)) {
      form.reset({ email: '' });
    }
  });

  const makeLead = (chosen: CoreMember, all: CoreMember[]) =>
    void run('Could not change the lead', {
      kind: 'make-lead',
      userId: chosen.id,
      stepDown: all.filter((m) => m.id !== chosen.id && m.responsibleForCommunity).map((m) => m.id),
    });

  return (
    <section className={styles.panel} aria-labelledby="core-member-management-title">
      <Subtitle2 as="h2" block id="core-member-management-title" className={styles.heading}>
        Core members
      </Subtitle2>
      {failure && <LoadFailure title={failure.title} error={failure.error} onRetry={failure.again} />}
      {state.status === 'loading' && <RowsSkeleton label="Loading the core members" count={2} />}
      {state.status === 'error' && (
        <LoadFailure title="Could not load the core members" error={state.error} onRetry={retry} />
      )}
      {state.status === 'ready' && state.data.length === 0 && (
        <Text as="p" block>
          This community has no core members yet.
        </Text>
      )}
      {state.status === 'ready' && state.data.length > 0 && (
        <ul className={page.list} aria-label="Core members">
          {state.data.map((m) => (
            <li key={m.id} className={rows.row}>
              <span className={rows.who}>
                <Text weight="semibold">{nameOf(m)}</Text>
                <Text size={200}>{m.email}</Text>
              </span>
              {m.responsibleForCommunity && (
                <Badge appearance="filled" color="brand">
                  Lead
                </Badge>
              )}
              {m.pending && <Badge appearance="outline">Not signed in yet</Badge>}
              {!m.responsibleForCommunity && (
                <Button
                  size="small"
                  icon={<StarRegular />}
                  disabled={busy}
                  aria-label={`Make lead: ${nameOf(m)}`}
                  onClick={() => makeLead(m, state.data)}
                >
                  Make lead
                </Button>
              )}
              <Button
                size="small"
                icon={<PersonDeleteRegular />}
                disabled={busy}
                aria-label={`Remove ${nameOf(m)} as core member`}
                onClick={() => void run('Could not remove the core member', { kind: 'remove', userId: m.id })}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form className={styles.add} noValidate onSubmit={(e) => void add(e)} aria-label="Add a core member">
        <FormField
          control={form.control}
          name="email"
          label="E-mail address of the new core member"
          className={styles.addField}
        >
          {(props) => <Input type="email" {...props} />}
        </FormField>
        <span className={styles.addButton}>
          <SubmitButton
            pending={pending}
            disabled={busy}
            appearance="secondary"
            pendingLabel="Adding…"
            networkAction="Adding a core member"
          >
            Add core member
          </SubmitButton>
        </span>
      </form>
    </section>
  );
}
