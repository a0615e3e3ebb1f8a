import { useState } from 'react';
import { Body1, Button, Input, Spinner } from '@fluentui/react-components';
import { Type } from '@sinclair/typebox';
import { MailRegular } from '@fluentui/react-icons';
import { registerWithPassword, resendVerificationEmail, routePaths } from '@hub/shared';
import { PageFrame } from '@hub/ui/page-frame';
import { useFormStyles } from '../../components/form-styles';
import { PasswordInput } from '../../components/password-input';
import { PasswordRules } from '../../components/password-rules';
import { Notice } from '@hub/ui/notice';
import { RouterButtonLink, RouterLink } from '@hub/ui/router-link';
import { useHubForm } from '@hub/ui/form';
import { FormField } from '@hub/ui/form-field';
import { SubmitButton } from '@hub/ui/submit-button';
import {
  emailField,
  emailSchema,
  firstNameField,
  firstNameSchema,
  lastNameField,
  lastNameSchema,
  nameMaxLength,
  newPasswordSchema,
  passwordField,
} from '../../forms/account-fields';
import { describeProblem, type Problem } from '../../forms/identity-problem';
import { checkNewPassword, checkPasswordConfirmation } from '../../forms/password-policy';

const RegisterSchema = Type.Object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  confirmPassword: newPasswordSchema,
});

/**
 * Register (SPEC §2 account/register). The shared identity layer creates the account, saves the
 * display name as 'lastName, firstName' (SPEC §5) and asks the API to send the verification
 * e-mail; this screen collects the fields, checks the password rules live and then says to check
 * the inbox, with a resend.
 */
export function RegisterPage() {
  const styles = useFormStyles();
  const { form, submit, pending } = useHubForm({
    schema: RegisterSchema,
    defaultValues: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' },
    fields: {
      firstName: firstNameField,
      lastName: lastNameField,
      email: emailField,
      password: passwordField,
      confirmPassword: { label: 'Confirm password', keepSpaces: true },
    },
    check: (v) => ({
      password: checkNewPassword(v.password),
      confirmPassword: checkPasswordConfirmation(v.password, v.confirmPassword),
    }),
  });
  const [problem, setProblem] = useState<Problem | null>(null);
  const [registered, setRegistered] = useState<{ email: string; password: string } | null>(null);

  const onSubmit = submit(async ({ firstName, lastName, email, password }) => {
    setProblem(null);
    try {
      await registerWithPassword({ firstName, lastName, email, password });
      setRegistered({ email, password });
    } catch (error) {
      setProblem(describeProblem(error));
    }
  });

  if (registered) return <CheckInbox email={registered.email} password={registered.password} />;

  return (
    <PageFrame
      headingId="register-title"
      width="form"
      title="Create your account"
      intro="Join communities, networks and events. We will send you an e-mail to confirm your address."
      busy={pending}
    >
      {problem ? (
        <Notice intent="error" announce="alert" title={problem.title} data-problem={problem.code}>
          {problem.body}{' '}
          {problem.code === 'email-in-use' ? (
            <RouterLink to={routePaths.login()} inline>
              Go to log in
            </RouterLink>
          ) : null}
        </Notice>
      ) : null}

      <form
        className={styles.form}
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        aria-label="Create your account"
      >
        <div className={styles.row}>
          <FormField control={form.control} name="firstName" label={firstNameField.label} required>
            {(props) => <Input autoComplete="given-name" maxLength={nameMaxLength} {...props} />}
          </FormField>
          <FormField control={form.control} name="lastName" label={lastNameField.label} required>
            {(props) => <Input autoComplete="family-name" maxLength={nameMaxLength} {...props} />}
          </FormField>
        </div>
        <FormField control={form.control} name="email" label={emailField.label} required>
          {(props) => <Input type="email" autoComplete="email" inputMode="email" {...props} />}
        </FormField>
        <FormField
          control={form.control}
          name="password"
          label={passwordField.label}
          required
          hint={<PasswordRules id="register-password-rules" password={form.watch('password')} />}
        >
          {(props) => <PasswordInput autoComplete="new-password" {...props} />}
        </FormField>
        <FormField control={form.control} name="confirmPassword" label="Confirm password" required>
          {(props) => <PasswordInput autoComplete="new-password" {...props} />}
        </FormField>
        <div className={styles.actions}>
          <SubmitButton pending={pending} pendingLabel="Creating your account…" networkAction="Creating an account">
            Create account
          </SubmitButton>
        </div>
      </form>

      <Body1 as="p" block className={styles.paragraph}>
        Already have an account?{' '}
        <RouterLink to={routePaths.login()} inline>
          Log in
        </RouterLink>
      </Body1>
    </PageFrame>
  );
}

/** After registering: the verification e-mail is on its way; offer to send it again. */
function CheckInbox({ email, password }: { email: string; password: string }) {
  const styles = useFormStyles();
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [problem, setProblem] = useState<Problem | null>(null);

  const resend = async () => {
    if (state === 'sending') return;
    setState('sending');
    setProblem(null);
    try {
      await resendVerificationEmail(email, password);
      setState('sent');
    } catch (error) {
      setState('idle');
      setProblem(describeProblem(error));
    }
  };

  return (
    <PageFrame headingId="register-inbox-title" width="form" title="Check your inbox">
      <Body1 as="p" block className={styles.paragraph}>
        We sent a verification link to <strong>{email}</strong>. Open it to confirm your address, then log in. The
        e-mail can take a few minutes to arrive; check your spam folder if you cannot find it.
      </Body1>
      {problem ? (
        <Notice intent="error" announce="alert" title={problem.title} data-problem={problem.code}>
          {problem.body}
        </Notice>
      ) : null}
      {state === 'sent' ? (
        <Notice intent="success" announce="status" title="E-mail sent again">
          We sent a new verification link to {email}.
        </Notice>
      ) : null}
      <div className={styles.actions}>
        <Button
          icon={state === 'sending' ? <Spinner size="tiny" aria-hidden /> : <MailRegular />}
          disabledFocusable={state === 'sending'}
          onClick={() => void resend()}
        >
          {state === 'sending' ? 'Sending…' : 'Resend verification e-mail'}
        </Button>
        <RouterButtonLink to={routePaths.login()} appearance="primary">
          Go to log in
        </RouterButtonLink>
      </div>
    </PageFrame>
  );
}

export default RegisterPage;
