import { useState } from 'react';
import {
  Body1,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  makeStyles,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Radio,
  RadioGroup,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { Role, toNormalisedError, useChangeUserRoles, type AdminUser } from '@hub/shared';
import { showToast } from '@hub/ui/show-toast';
import { ownAdminRoleText, roleList, rolesInput, storedRolesOf, withSeatRole, type StoredRoles } from './role-texts';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

export interface RoleChangeDialogProps {
  user: AdminUser;
  /** The signed-in admin is changing their own roles. */
  self: boolean;
  onClose: () => void;
}

/**
 * Changes a user's stored roles in two steps: choose (Admin, and Capgemini staff or External),
 * then confirm what changes. A refusal of the API is shown in the dialog with what it means; the
 * 409 for removing one's own admin role says why it is refused.
 */
export function RoleChangeDialog({ user, self, onClose }: RoleChangeDialogProps) {
  const styles = useStyles();
  const before = storedRolesOf(user.roles);
  const coreMember = user.roles.includes(Role.CoreMember);
  const [roles, setRoles] = useState<StoredRoles>(before);
  const [step, setStep] = useState<'choose' | 'confirm'>('choose');
  const change = useChangeUserRoles();
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  const unchanged = roles.admin === before.admin && roles.kind === before.kind;
  const failure = change.isError ? toNormalisedError(change.error) : null;

  const save = () => {
    change.mutate(
      { id: user.id, roles: rolesInput(roles) },
      {
        onSuccess: () => {
          showToast({
            intent: 'success',
            title: 'Roles changed',
            body: `${name}: ${roleList(withSeatRole(rolesInput(roles), coreMember))}.`,
          });
          onClose();
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(_e, data) => !data.open && !change.isPending && onClose()}>
      <DialogSurface aria-describedby={undefined}>
        <DialogBody>
          <DialogTitle>{step === 'choose' ? `Roles of ${name}` : `Change the roles of ${name}?`}</DialogTitle>
          <DialogContent className={styles.content}>
            {step === 'choose' ? (
              <>
                <Body1>{user.email}</Body1>
                <Checkbox
                  label="Admin"
                  checked={roles.admin}
                  onChange={(_e, data) => setRoles({ ...roles, admin: data.checked === true })}
                />
                <Field label="Kind of account">
                  <RadioGroup
                    value={String(roles.kind)}
                    onChange={(_e, data) => setRoles({ ...roles, kind: Number(data.value) as StoredRoles['kind'] })}
                  >
                    <Radio value={String(Role.Capgemini)} label="Capgemini staff" />
                    <Radio value={String(Role.External)} label="External" />
                  </RadioGroup>
                </Field>
                <Body1>
                  {coreMember
                    ? 'Core member: follows from their seats in communities, changed on each community’s page.'
                    : 'Core member follows from seats in communities, which are given on each community’s page.'}
                </Body1>
              </>
            ) : (
              <>
                <Body1>
                  From <strong>{roleList(withSeatRole(rolesInput(before), coreMember))}</strong> to{' '}
                  <strong>{roleList(withSeatRole(rolesInput(roles), coreMember))}</strong>. What they may do changes at
                  their next request; the change is written to the audit log.
                </Body1>
                {failure && (
                  <MessageBar intent="error" layout="multiline" role="alert">
                    <MessageBarBody>
                      <MessageBarTitle>{failure.message}</MessageBarTitle>{' '}
                      {failure.status === 409 && self ? ownAdminRoleText : failure.details.join(' ')}
                    </MessageBarBody>
                  </MessageBar>
                )}
              </>
            )}
          </DialogContent>
          {/* The primary action last, as in every dialog of the site (the host's confirm, alert and location picker). */}
          <DialogActions>
            {step === 'choose' ? (
              <>
                <Button onClick={onClose}>Cancel</Button>
                <Button appearance="primary" disabled={unchanged} onClick={() => setStep('confirm')}>
                  Continue
                </Button>
              </>
            ) : (
              <>
                <Button
                  disabled={change.isPending}
                  onClick={() => {
                    change.reset();
                    setStep('choose');
                  }}
                >
                  Back
                </Button>
                <Button
                  appearance="primary"
                  disabled={change.isPending || failure?.status === 409}
                  icon={change.isPending ? <Spinner size="tiny" /> : undefined}
                  onClick={save}
                >
                  {change.isPending ? 'Changing roles…' : 'Change roles'}
                </Button>
              </>
            )}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
