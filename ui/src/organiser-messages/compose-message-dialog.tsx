import { useState } from 'react';
import {
  Body1,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
  Input,
  makeStyles,
  Radio,
  RadioGroup,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { MailRegular } from '@fluentui/react-icons';
import { Type } from '@sinclair/typebox';
import {
  CommunityMessageInput,
  MESSAGE_BODY_MAX,
  MESSAGE_SUBJECT_MAX,
  type EventAudience,
} from '@hub/contract/organiser-messages';
import {
  toNormalisedError,
  useCommunityAudienceCount,
  useEventAudienceCounts,
  useSendOrganiserMessage,
  type EventAudienceCounts,
  type MessageTarget,
} from '@hub/shared';
import { useHubForm } from '../form/use-hub-form';
import { FormField } from '../form/form-field';
import { FormProblem } from '../form/form-problem';
import { SubmitButton } from '../form/submit-button';
import { showToast } from '../toaster/show-toast';
import { RowsSkeleton } from '../skeletons/skeletons';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  surface: { maxWidth: '40rem', width: 'calc(100vw - 2rem)' },
  reach: { margin: 0, color: tokens.colorNeutralForeground2 },
});

/** The form: the contract's subject and body, and the audience as one radio value. */
const ComposeForm = Type.Object({
  subject: CommunityMessageInput.properties.subject,
  body: CommunityMessageInput.properties.body,
  /** 'event-all', 'event-checked-in', 'location:<eventLocationId>'; 'community-members' for a community. */
  audience: Type.String({ minLength: 1 }),
});

interface AudienceChoice {
  value: string;
  label: string;
  count: number;
}

const people = (n: number) => `${n} ${n === 1 ? 'person' : 'people'}`;

/** The event's choices with how many each reaches; never who. */
function eventChoices(counts: EventAudienceCounts): AudienceChoice[] {
  return [
    { value: 'event-all', label: 'Everyone attending', count: counts.all },
    ...counts.locations.map((l) => ({
      value: `location:${l.eventLocationId}`,
      label: `At ${l.name}`,
      count: l.attending,
    })),
    { value: 'event-checked-in', label: 'Those checked in', count: counts.checkedIn },
  ];
}

/** The API's body for a chosen audience value. */
function eventAudienceOf(value: string): { audience: EventAudience; eventLocationId?: number } {
  if (value.startsWith('location:')) return { audience: 'event-location', eventLocationId: Number(value.slice(9)) };
  return { audience: value as EventAudience };
}

export interface ComposeMessageDialogProps {
  target: MessageTarget;
  /** The button that opens it ("Write to attendees"). */
  triggerLabel: string;
  /** The dialog's title ("Write to the attendees of …"). */
  title: string;
}

/**
 * Compose an organiser message: subject, plain-text body and, for an event, who it goes to (everyone
 * attending, those at one place, those checked in), each choice with the number of people it
 * reaches; for a community, the number of members. The sender never sees an address. On sending,
 * the dialog closes and a toast says how many it went to; a refusal (the per-organiser limit, nobody
 * to reach) stays in the dialog above its buttons.
 */
export function ComposeMessageDialog({ target, triggerLabel, title }: ComposeMessageDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<MailRegular />} onClick={() => setOpen(true)}>
        {triggerLabel}
      </Button>
      {/* Mounted only while open: the counts are read afresh each time it opens, the form starts empty. */}
      {open && (
        <Dialog open onOpenChange={(_e, data) => setOpen(data.open)}>
          <ComposeSurface target={target} title={title} onSent={() => setOpen(false)} />
        </Dialog>
      )}
    </>
  );
}

function ComposeSurface({ target, title, onSent }: { target: MessageTarget; title: string; onSent: () => void }) {
  const styles = useStyles();
  const send = useSendOrganiserMessage();
  const eventCounts = useEventAudienceCounts(target.id, target.kind === 'event');
  const memberCount = useCommunityAudienceCount(target.id, target.kind === 'community');
  const choices: AudienceChoice[] | undefined =
    target.kind === 'event'
      ? eventCounts.data && eventChoices(eventCounts.data)
      : memberCount.data && [{ value: 'community-members', label: 'Every member', count: memberCount.data.members }];
  const countsError = target.kind === 'event' ? eventCounts.error : memberCount.error;
  const { form, submit, pending, problem } = useHubForm({
    schema: ComposeForm,
    defaultValues: { subject: '', body: '', audience: target.kind === 'event' ? 'event-all' : 'community-members' },
    fields: {
      subject: { label: 'Subject' },
      body: { label: 'Message' },
      audience: { label: 'Send to', messages: { required: 'Choose who the message goes to.' } },
    },
  });
  const chosen = choices?.find((c) => c.value === form.watch('audience'));

  const onSubmit = submit(async ({ subject, body, audience }) => {
    const answer =
      target.kind === 'event'
        ? await send.mutateAsync({ target, input: { subject, body, ...eventAudienceOf(audience) } })
        : await send.mutateAsync({ target, input: { subject, body } });
    showToast({ intent: 'success', title: `Message sent to ${people(answer.recipientCount)}` });
    onSent();
  });

  return (
    <DialogSurface className={styles.surface} aria-describedby={undefined}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent className={styles.form}>
            <FormField control={form.control} name="audience" label="Send to" required>
              {(props) =>
                countsError ? (
                  <Body1>Could not count the recipients: {toNormalisedError(countsError).message}</Body1>
                ) : !choices ? (
                  <RowsSkeleton label="Counting the recipients" count={2} />
                ) : (
                  <RadioGroup
                    name={props.name}
                    value={props.value}
                    onChange={(e, data) => props.onChange(e, data)}
                    aria-invalid={props['aria-invalid']}
                  >
                    {choices.map((c) => (
                      <Radio
                        key={c.value}
                        value={c.value}
                        label={`${c.label} (${people(c.count)})`}
                        disabled={c.count === 0}
                      />
                    ))}
                  </RadioGroup>
                )
              }
            </FormField>
            <FormField
              control={form.control}
              name="subject"
              label="Subject"
              required
              hint={`One line, up to ${MESSAGE_SUBJECT_MAX} characters.`}
            >
              {(props) => <Input {...props} maxLength={MESSAGE_SUBJECT_MAX} />}
            </FormField>
            <FormField
              control={form.control}
              name="body"
              label="Message"
              required
              hint={`Plain text, up to ${MESSAGE_BODY_MAX.toLocaleString('en-GB')} characters. Each person gets their own e-mail; nobody sees who else it went to. It is also listed on the page under "Updates from the organisers".`}
            >
              {(props) => <Textarea {...props} resize="vertical" rows={8} maxLength={MESSAGE_BODY_MAX} />}
            </FormField>
            {chosen && (
              <Body1 as="p" block className={styles.reach} aria-live="polite">
                This message goes to {people(chosen.count)}.
              </Body1>
            )}
            <FormProblem problem={problem} />
          </DialogContent>
          <DialogActions>
            <DialogTrigger disableButtonEnhancement>
              <Button appearance="secondary">Cancel</Button>
            </DialogTrigger>
            <SubmitButton pending={pending} pendingLabel="Sending…" networkAction="Sending a message">
              Send
            </SubmitButton>
          </DialogActions>
        </DialogBody>
      </form>
    </DialogSurface>
  );
}
