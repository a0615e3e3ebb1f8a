import { useState, type FormEvent } from 'react';
import { Body1, Button, Field, Input, Spinner } from '@fluentui/react-components';
import { MailRegular } from '@fluentui/react-icons';
import { registerWithPassword, resendVerificationEmail, routePaths } from '@hub/shared';
import { PageFrame } from '@hub/ui/page-frame';
import { useFormStyles } from '../../components/form-styles';
import { PasswordInput } from '../../components/password-input';
import { PasswordRules } from '../../components/password-rules';
import { Notice } from '@hub/ui/notice';
import { RouterButtonLink, RouterLink } from '@hub/ui/router-link';
import { SubmitButton } from '../../components/submit-button';
import { describeProblem, type Problem } from '../../forms/identity-problem';
import { checkNewPassword, checkPasswordConfirmation } from '../../forms/password-policy';
import { useForm } from '../../forms/use-form';
import { checkEmail, checkName, nameMaxLength } from '../../forms/validation';

type RegisterField = 'firstName' | 'lastName' | 'email' | 'password' | 'confirmPassword';

const validate = (v: Record<RegisterField, string>) => ({
  firstName: checkName(v.firstName, 'first name'),
  lastName: checkName(v.lastName, 'last name'),
  email: checkEmail(v.email),
  password: checkNewPassword(v.password),
  confirmPassword: checkPasswordConfirmation(v.password, v.confirmPassword),
});

/**
 * Register (SPEC §2 account/register). The shared identity layer creates the account, saves the
 * display name as 'lastName, firstName' (SPEC §5) and asks the API to send the verification
 * e-mail; this screen collects the fields, checks the password rules live and then says to check
 * the inbox, with a resend.
 */
export function RegisterPage() {
  const styles = useFormStyles();
  const form = useForm<RegisterField>(
    { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' },
    validate,
  );
  const [problem, setProblem] = useState<Problem | null>(null);
  const [registered, setRegistered] = useState<{ email: string; password: string } | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(async ({ firstName, lastName, email, password }) => {
      setProblem(null);
      try {
        await registerWithPassword({
          firstName: firstName.trim(),
          lastName: lastName.trim(),
          email: email.trim(),
          password,
        });
        setRegistered({ email: email.trim(), password });
      } catch (error) {
        setProblem(describeProblem(error));
      }
    });
  };

  if (registered) return <CheckInbox email={registered.email} password={registered.password} />;

  return (
    <PageFrame
      headingId="register-title"
      width="form"
      title="Create your account"
      intro="Join communities, networks and events. We will send you an e-mail to confirm your address."
      busy={form.pending}
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

      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Create your account">
        <div className={styles.row}>
          <Field label="First name" required {...form.fieldState('firstName')}>
            <Input autoComplete="given-name" maxLength={nameMaxLength} {...form.field('firstName')} />
          </Field>
          <Field label="Last name" required {...form.fieldState('lastName')}>
            <Input autoComplete="family-name" maxLength={nameMaxLength} {...form.field('lastName')} />
          </Field>
        </div>
        <Field label="E-mail address" required {...form.fieldState('email')}>
          <Input type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
        </Field>
        <Field
          label="Password"
          required
          hint={<PasswordRules id="register-password-rules" password={form.values.password} />}
          {...form.fieldState('password')}
        >
          <PasswordInput autoComplete="new-password" {...form.field('password')} />
        </Field>
        <Field label="Confirm password" required {...form.fieldState('confirmPassword')}>
          <PasswordInput autoComplete="new-password" {...form.field('confirmPassword')} />
        </Field>
        <div className={styles.actions}>
          <SubmitButton pending={form.pending} pendingLabel="Creating your account…">
            Create account
          </SubmitButton>
        </div>
      </form>

      <Body1 as="p" className={styles.paragraph}>
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
      <Body1 as="p" className={styles.paragraph}>
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
