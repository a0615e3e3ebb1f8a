import { useState } from 'react';
import { Body1, Button, Divider, Input, Spinner } from '@fluentui/react-components';
import { Type } from '@sinclair/typebox';
import { BuildingRegular } from '@fluentui/react-icons';
import {
  resendVerificationEmail,
  routePaths,
  signInWithPassword,
  signInWithWorkAccount,
  workSignInErrorAtom,
  useAtom,
} from '@hub/shared';
import { PageFrame } from '@hub/ui/page-frame';
import { useFormStyles } from '../../components/form-styles';
import { PasswordInput } from '../../components/password-input';
import { Notice } from '@hub/ui/notice';
import { RouterLink } from '@hub/ui/router-link';
import { useHubForm } from '@hub/ui/form';
import { FormField } from '@hub/ui/form-field';
import { SubmitButton } from '@hub/ui/submit-button';
import { describeProblem, type Problem } from '../../forms/identity-problem';
import { anyPasswordSchema, emailField, emailSchema, passwordField } from '../../forms/account-fields';

const LoginSchema = Type.Object({ email: emailSchema, password: anyPasswordSchema });

/**
 * Log in (SPEC §2 account/login): e-mail and password, or the work account. What happens after a
 * successful sign-in — /callback, the user sync, back to the last visited page — is the shared
 * session flow's job, so this screen only signs in and explains failures.
 */
export function LoginPage() {
  const styles = useFormStyles();
  const { form, submit, pending } = useHubForm({
    schema: LoginSchema,
    defaultValues: { email: '', password: '' },
    fields: { email: emailField, password: passwordField },
  });
  const [localProblem, setProblem] = useState<Problem | null>(null);
  // A work-account redirect sign-in ends on a fresh page load; the shared flow keeps its failure for this screen.
  const [redirectFailure, setRedirectFailure] = useAtom(workSignInErrorAtom);
  const problem = localProblem ?? (redirectFailure ? describeProblem(redirectFailure) : null);
  /** The credentials of an unverified sign-in, kept only to resend the verification e-mail. */
  const [unverified, setUnverified] = useState<{ email: string; password: string } | null>(null);
  const [resend, setResend] = useState<'idle' | 'sending' | 'sent' | 'already-verified'>('idle');
  const [workPending, setWorkPending] = useState<'popup' | 'redirect' | null>(null);

  const onSubmit = submit(async ({ email, password }) => {
    setProblem(null);
    setRedirectFailure(null);
    setResend('idle');
    setUnverified(null);
    try {
      await signInWithPassword(email, password);
    } catch (error) {
      const found = describeProblem(error);
      setProblem(found);
      if (found.code === 'email-not-verified') setUnverified({ email, password });
    }
  });

  const onResend = async () => {
    if (!unverified || resend === 'sending') return;
    setResend('sending');
    try {
      const outcome = await resendVerificationEmail(unverified.email, unverified.password);
      setProblem(null);
      setResend(outcome === 'already-verified' ? 'already-verified' : 'sent');
    } catch (error) {
      setResend('idle');
      setProblem(describeProblem(error));
    }
  };

  const onWorkAccount = async (mode: 'popup' | 'redirect') => {
    if (workPending || pending) return;
    setProblem(null);
    setResend('idle');
    setWorkPending(mode);
    try {
      await signInWithWorkAccount(mode);
    } catch (error) {
      setProblem(describeProblem(error));
    } finally {
      setWorkPending(null);
    }
  };

  const problemActions =
    problem?.code === 'email-not-verified' && unverified && resend !== 'already-verified' ? (
      <Button
        appearance="primary"
        disabledFocusable={resend === 'sending'}
        icon={resend === 'sending' ? <Spinner size="tiny" aria-hidden /> : undefined}
        onClick={() => void onResend()}
      >
        {resend === 'sending' ? 'Sending…' : 'Resend verification e-mail'}
      </Button>
    ) : problem?.code === 'popup-closed' ? (
      <Button appearance="primary" onClick={() => void onWorkAccount('redirect')}>
        Continue in this window
      </Button>
    ) : undefined;

  return (
    <PageFrame headingId="login-title" width="form" title="Log in" busy={pending || workPending !== null}>
      {problem ? (
        <Notice
          intent="error"
          announce="alert"
          title={problem.title}
          actions={problemActions}
          data-problem={problem.code}
        >
          {problem.body}{' '}
          {problem.code === 'wrong-credentials' || problem.code === 'too-many-requests' ? (
            <RouterLink to={routePaths.forgotPassword()} inline>
              Reset your password
            </RouterLink>
          ) : null}
        </Notice>
      ) : null}
      {resend === 'already-verified' ? (
        <Notice intent="success" announce="status" title="Your e-mail address is verified">
          Log in again now.
        </Notice>
      ) : null}
      {resend === 'sent' && unverified ? (
        <Notice intent="success" announce="status" title="Verification e-mail sent">
          We sent a new link to {unverified.email}. Open it, then log in here.
        </Notice>
      ) : null}

      <form
        className={styles.form}
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        aria-label="Log in with e-mail and password"
      >
        <FormField control={form.control} name="email" label={emailField.label} required>
          {(props) => <Input type="email" autoComplete="username" inputMode="email" {...props} />}
        </FormField>
        <FormField control={form.control} name="password" label={passwordField.label} required>
          {(props) => <PasswordInput autoComplete="current-password" {...props} />}
        </FormField>
        <div className={styles.actions}>
          {/* One verb for it on the whole site: SPEC's "Log In" (header) and "Log in" (footer, this page's title). */}
          <SubmitButton pending={pending} pendingLabel="Logging in…" networkAction="Logging in">
            Log in
          </SubmitButton>
          <RouterLink to={routePaths.forgotPassword()}>Forgot your password?</RouterLink>
        </div>
      </form>

      <Divider className={styles.divider}>or</Divider>

      <div className={styles.actions}>
        <Button
          icon={workPending ? <Spinner size="tiny" aria-hidden /> : <BuildingRegular />}
          disabledFocusable={workPending !== null}
          onClick={() => void onWorkAccount('popup')}
        >
          {workPending ? 'Logging in with your work account…' : 'Log in with work account'}
        </Button>
      </div>

      <Body1 as="p" block className={styles.paragraph}>
        New here?{' '}
        <RouterLink to={routePaths.register()} inline>
          Create an account
        </RouterLink>
      </Body1>
    </PageFrame>
  );
}

export default LoginPage;
