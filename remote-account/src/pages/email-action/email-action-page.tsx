import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Body1, Spinner } from '@fluentui/react-components';
import { Type } from '@sinclair/typebox';
import { useQuery } from '@tanstack/react-query';
import { confirmNewPassword, routePaths } from '@hub/shared';
import { PageFrame } from '@hub/ui/page-frame';
import { useFormStyles } from '../../components/form-styles';
import { PasswordInput } from '../../components/password-input';
import { PasswordRules } from '../../components/password-rules';
import { Notice } from '@hub/ui/notice';
import { LoadFailure } from '@hub/ui/load-failure';
import { RouterButtonLink, RouterLink } from '@hub/ui/router-link';
import { useHubForm } from '@hub/ui/form';
import { FormField } from '@hub/ui/form-field';
import { SubmitButton } from '@hub/ui/submit-button';
import { newPasswordSchema } from '../../forms/account-fields';
import { describeProblem, type Problem } from '../../forms/identity-problem';
import { checkNewPassword, checkPasswordConfirmation } from '../../forms/password-policy';
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
      <PageFrame headingId="email-action-title" width="form" title="This link is not complete">
        <Notice intent="error" announce="alert" title="We cannot read this link" data-problem="invalid-code">
          Part of the link is missing, perhaps because it was cut when copied. Open the link straight from the e-mail,
          or copy all of it into the address bar.
        </Notice>
        <EntryLinks />
      </PageFrame>
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
      <RouterButtonLink to={routePaths.login()} appearance="primary">
        Go to log in
      </RouterButtonLink>
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
      <PageFrame headingId="verify-email-title" width="form" title="Verifying your e-mail address" busy>
        <Spinner label="Verifying your e-mail address…" />
      </PageFrame>
    );
  }
  if (state === 'done') {
    return (
      <PageFrame headingId="verify-email-title" width="form" title="Your e-mail address is verified">
        <Notice intent="success" announce="status" title="Thank you">
          Your account is ready. Log in to continue.
        </Notice>
        <div className={styles.actions}>
          <RouterButtonLink to={routePaths.login()} appearance="primary">
            Go to log in
          </RouterButtonLink>
        </div>
      </PageFrame>
    );
  }
  const retryable = state.code === 'network' || state.code === 'unknown';
  return (
    <PageFrame headingId="verify-email-title" width="form" title="We could not verify your e-mail address">
      {retryable ? (
        <LoadFailure
          title={state.title}
          error={{ message: state.body }}
          data-problem={state.code}
          onRetry={() => void verification.refetch()}
        />
      ) : (
        <Notice intent="error" announce="alert" title={state.title} data-problem={state.code}>
          {state.code === 'invalid-code'
            ? 'Verification links work once and for a limited time. If you already used it, just log in. Otherwise log in to have a new verification e-mail sent.'
            : state.body}
        </Notice>
      )}
      <div className={styles.actions}>
        <RouterButtonLink to={routePaths.login()} appearance="primary">
          Go to log in
        </RouterButtonLink>
      </div>
    </PageFrame>
  );
}

const ResetSchema = Type.Object({ password: newPasswordSchema, confirmPassword: newPasswordSchema });

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
  const { form, submit, pending } = useHubForm({
    schema: ResetSchema,
    defaultValues: { password: '', confirmPassword: '' },
    fields: {
      password: { label: 'New password', keepSpaces: true },
      confirmPassword: { label: 'Confirm new password', keepSpaces: true },
    },
    check: (v) => ({
      password: checkNewPassword(v.password),
      confirmPassword: checkPasswordConfirmation(v.password, v.confirmPassword),
    }),
  });

  const onSubmit = submit(async ({ password }) => {
    setProblem(null);
    try {
      await confirmNewPassword(oobCode, password);
      setDone(true);
    } catch (error) {
      setProblem(describeProblem(error));
    }
  });

  if (check === 'checking') {
    return (
      <PageFrame headingId="reset-password-title" width="form" title="Checking your password link" busy>
        <Spinner label="Checking your link…" />
      </PageFrame>
    );
  }
  if ('code' in check) {
    return (
      <PageFrame headingId="reset-password-title" width="form" title="We cannot reset your password with this link">
        {check.code === 'invalid-code' ? (
          <Notice intent="error" announce="alert" title={check.title} data-problem={check.code}>
            Password links work once and for a limited time. Ask for a new link and use the newest e-mail.
          </Notice>
        ) : (
          <LoadFailure
            title={check.title}
            error={{ message: check.body }}
            data-problem={check.code}
            onRetry={() => void resetCode.refetch()}
          />
        )}
        <div className={styles.actions}>
          {check.code === 'invalid-code' ? (
            <RouterButtonLink to={routePaths.forgotPassword()} appearance="primary">
              Ask for a new link
            </RouterButtonLink>
          ) : null}
          <RouterLink to={routePaths.login()}>Go to log in</RouterLink>
        </div>
      </PageFrame>
    );
  }
  if (done) {
    return (
      <PageFrame headingId="reset-password-title" width="form" title="Your password is changed">
        <Notice intent="success" announce="status" title="All set">
          Log in with {check.email} and your new password.
        </Notice>
        <div className={styles.actions}>
          <RouterButtonLink to={routePaths.login()} appearance="primary">
            Go to log in
          </RouterButtonLink>
        </div>
      </PageFrame>
    );
  }
  return (
    <PageFrame headingId="reset-password-title" width="form" title="Choose a new password" busy={pending}>
      <Body1 as="p" block className={styles.paragraph}>
        For the account <strong>{check.email}</strong>.
      </Body1>
      {problem ? (
        <Notice intent="error" announce="alert" title={problem.title} data-problem={problem.code}>
          {problem.body}{' '}
          {problem.code === 'invalid-code' ? (
            <RouterLink to={routePaths.forgotPassword()} inline>
              Ask for a new link
            </RouterLink>
          ) : null}
        </Notice>
      ) : null}
      <form
        className={styles.form}
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        aria-label="Choose a new password"
      >
        {/* Lets password managers file the new password under the right account. */}
        <input type="hidden" name="username" autoComplete="username" value={check.email} readOnly />
        <FormField
          control={form.control}
          name="password"
          label="New password"
          required
          hint={<PasswordRules id="reset-password-rules" password={form.watch('password')} />}
        >
          {(props) => <PasswordInput autoComplete="new-password" {...props} />}
        </FormField>
        <FormField control={form.control} name="confirmPassword" label="Confirm new password" required>
          {(props) => <PasswordInput autoComplete="new-password" {...props} />}
        </FormField>
        <div className={styles.actions}>
          <SubmitButton pending={pending} pendingLabel="Saving…">
            Save new password
          </SubmitButton>
        </div>
      </form>
    </PageFrame>
  );
}

export default EmailActionPage;
