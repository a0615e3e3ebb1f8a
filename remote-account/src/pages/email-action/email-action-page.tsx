import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Body1, Field, Spinner } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { confirmNewPassword, routePaths } from '@hub/shared';
import { AccountPage, useFormStyles } from '../../components/account-page';
import { PasswordInput } from '../../components/password-input';
import { PasswordRules } from '../../components/password-rules';
import { NoticeMessage, ProblemMessage } from '../../components/problem-message';
import { RetryButton } from '../../components/retry-button';
import { RouterButtonLink, RouterLink } from '../../components/router-link';
import { SubmitButton } from '../../components/submit-button';
import { describeProblem, type Problem } from '../../forms/identity-problem';
import { checkNewPassword, checkPasswordConfirmation } from '../../forms/password-policy';
import { useForm } from '../../forms/use-form';
import { emailVerificationQueryOptions, passwordResetCodeQueryOptions } from './email-action-queries';

/**
 * The page the verification and password-reset e-mails link to (`account/action?mode=…&oobCode=…`,
 * the identity provider's e-mail action parameters), so the links work on every environment,
 * the local emulator included.
 */
export function EmailActionPage() {
  const [params] = useSearchParams();
  const mode = params.get('mode');
  const oobCode = params.get('oobCode');

  if (!oobCode || (mode !== 'verifyEmail' && mode !== 'resetPassword')) {
    return (
      <AccountPage id="email-action" title="This link is not complete">
        <ProblemMessage
          problem={{
            code: 'invalid-code',
            title: 'We cannot read this link',
            body: 'Part of the link is missing, perhaps because it was cut when copied. Open the link straight from the e-mail, or copy all of it into the address bar.',
          }}
        />
        <EntryLinks />
      </AccountPage>
    );
  }
  return mode === 'verifyEmail' ? (
    <VerifyEmail key={oobCode} oobCode={oobCode} />
  ) : (
    <ResetPassword key={oobCode} oobCode={oobCode} />
  );
}

function EntryLinks() {
  const styles = useFormStyles();
  return (
    <div className={styles.actions}>
      <RouterButtonLink to={routePaths.login()}>Go to log in</RouterButtonLink>
      <RouterLink to={routePaths.forgotPassword()}>Ask for a new password link</RouterLink>
    </div>
  );
}

function VerifyEmail({ oobCode }: { oobCode: string }) {
  const styles = useFormStyles();
  const verification = useQuery(emailVerificationQueryOptions(oobCode));
  // While Retry asks again the failure gives way to the spinner.
  const state: 'working' | 'done' | Problem =
    verification.isError && !verification.isFetching
      ? describeProblem(verification.error)
      : verification.isSuccess
        ? 'done'
        : 'working';

  if (state === 'working') {
    return (
      <AccountPage id="verify-email" title="Verifying your e-mail address" busy>
        <Spinner label="Verifying your e-mail address…" />
      </AccountPage>
    );
  }
  if (state === 'done') {
    return (
      <AccountPage id="verify-email" title="Your e-mail address is verified">
        <NoticeMessage title="Thank you">Your account is ready. Log in to continue.</NoticeMessage>
        <div className={styles.actions}>
          <RouterButtonLink to={routePaths.login()}>Go to log in</RouterButtonLink>
        </div>
      </AccountPage>
    );
  }
  const retryable = state.code === 'network' || state.code === 'unknown';
  return (
    <AccountPage id="verify-email" title="We could not verify your e-mail address">
      <ProblemMessage
        problem={
          state.code === 'invalid-code'
            ? {
                ...state,
                body: 'Verification links work once and for a limited time. If you already used it, just log in. Otherwise log in to have a new verification e-mail sent.',
              }
            : state
        }
        actions={retryable ? <RetryButton onClick={() => void verification.refetch()} /> : undefined}
      />
      <div className={styles.actions}>
        <RouterButtonLink to={routePaths.login()}>Go to log in</RouterButtonLink>
      </div>
    </AccountPage>
  );
}

type ResetField = 'password' | 'confirmPassword';

const validateReset = (v: Record<ResetField, string>) => ({
  password: checkNewPassword(v.password),
  confirmPassword: checkPasswordConfirmation(v.password, v.confirmPassword),
});

function ResetPassword({ oobCode }: { oobCode: string }) {
  const styles = useFormStyles();
  const resetCode = useQuery(passwordResetCodeQueryOptions(oobCode));
  const check: { email: string } | Problem | 'checking' =
    resetCode.isError && !resetCode.isFetching
      ? describeProblem(resetCode.error)
      : resetCode.isSuccess
        ? { email: resetCode.data }
        : 'checking';
  const [problem, setProblem] = useState<Problem | null>(null);
  const [done, setDone] = useState(false);
  const form = useForm<ResetField>({ password: '', confirmPassword: '' }, validateReset);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(async ({ password }) => {
      setProblem(null);
      try {
        await confirmNewPassword(oobCode, password);
        setDone(true);
      } catch (error) {
        setProblem(describeProblem(error));
      }
    });
  };

  if (check === 'checking') {
    return (
      <AccountPage id="reset-password" title="Checking your password link" busy>
        <Spinner label="Checking your link…" />
      </AccountPage>
    );
  }
  if ('code' in check) {
    return (
      <AccountPage id="reset-password" title="We cannot reset your password with this link">
        <ProblemMessage
          problem={
            check.code === 'invalid-code'
              ? {
                  ...check,
                  body: 'Password links work once and for a limited time. Ask for a new link and use the newest e-mail.',
                }
              : check
          }
        />
        <div className={styles.actions}>
          {check.code === 'invalid-code' ? (
            <RouterButtonLink to={routePaths.forgotPassword()}>Ask for a new link</RouterButtonLink>
          ) : (
            <RetryButton onClick={() => void resetCode.refetch()} />
          )}
          <RouterLink to={routePaths.login()}>Go to log in</RouterLink>
        </div>
      </AccountPage>
    );
  }
  if (done) {
    return (
      <AccountPage id="reset-password" title="Your password is changed">
        <NoticeMessage title="All set">Log in with {check.email} and your new password.</NoticeMessage>
        <div className={styles.actions}>
          <RouterButtonLink to={routePaths.login()}>Go to log in</RouterButtonLink>
        </div>
      </AccountPage>
    );
  }
  return (
    <AccountPage id="reset-password" title="Choose a new password" busy={form.pending}>
      <Body1 as="p" className={styles.paragraph}>
        For the account <strong>{check.email}</strong>.
      </Body1>
      {problem ? (
        <ProblemMessage problem={problem}>
          {problem.code === 'invalid-code' ? (
            <RouterLink to={routePaths.forgotPassword()} inline>
              Ask for a new link
            </RouterLink>
          ) : null}
        </ProblemMessage>
      ) : null}
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Choose a new password">
        {/* Lets password managers file the new password under the right account. */}
        <input type="hidden" name="username" autoComplete="username" value={check.email} readOnly />
        <Field
          label="New password"
          required
          hint={<PasswordRules id="reset-password-rules" password={form.values.password} />}
          {...form.fieldState('password')}
        >
          <PasswordInput autoComplete="new-password" {...form.field('password')} />
        </Field>
        <Field label="Confirm new password" required {...form.fieldState('confirmPassword')}>
          <PasswordInput autoComplete="new-password" {...form.field('confirmPassword')} />
        </Field>
        <div className={styles.actions}>
          <SubmitButton pending={form.pending} pendingLabel="Saving…">
            Save new password
          </SubmitButton>
        </div>
      </form>
    </AccountPage>
  );
}

export default EmailActionPage;
