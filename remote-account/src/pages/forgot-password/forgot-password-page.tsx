import { useState } from 'react';
import { Body1, Input } from '@fluentui/react-components';
import { ResetPasswordInput } from '@hub/contract/account';
import { requestPasswordReset, routePaths } from '@hub/shared';
import { PageFrame } from '@hub/ui/page-frame';
import { useFormStyles } from '../../components/form-styles';
import { Notice } from '@hub/ui/notice';
import { RouterButtonLink, RouterLink } from '@hub/ui/router-link';
import { useHubForm } from '@hub/ui/form';
import { FormField } from '@hub/ui/form-field';
import { SubmitButton } from '@hub/ui/submit-button';
import { emailField } from '../../forms/account-fields';
import { describeProblem, type Problem } from '../../forms/identity-problem';

/**
 * Forgot password (SPEC §2 account/forgot-password): POST api/user/reset-password {email}. The
 * confirmation is the same whether or not an account exists for the address, so the screen
 * never tells anyone which addresses are registered (the API answers alike in both cases).
 */
export function ForgotPasswordPage() {
  const styles = useFormStyles();
  const { form, submit, pending } = useHubForm({
    schema: ResetPasswordInput,
    defaultValues: { email: '' },
    fields: { email: emailField },
  });
  const [problem, setProblem] = useState<Problem | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = submit(async ({ email }) => {
    setProblem(null);
    try {
      await requestPasswordReset(email);
      setSentTo(email);
    } catch (error) {
      // The API's answers never depend on whether the address is registered, so any failure can be shown.
      setProblem(
        statusOf(error) === 400
          ? {
              code: 'unknown',
              title: 'Check the e-mail address',
              body: 'The server did not accept this e-mail address. Check it for typing mistakes and try again.',
            }
          : describeProblem(error),
      );
    }
  });

  if (sentTo) {
    return (
      <PageFrame headingId="forgot-password-sent-title" width="form" title="Check your inbox">
        <Body1 as="p" block className={styles.paragraph}>
          If an account exists for <strong>{sentTo}</strong>, we have sent it a link to choose a new password. The link
          works once and for a limited time. Cannot find the e-mail? Check your spam folder, or ask again in a few
          minutes.
        </Body1>
        <div className={styles.actions}>
          <RouterButtonLink to={routePaths.login()} appearance="primary">
            Back to log in
          </RouterButtonLink>
        </div>
      </PageFrame>
    );
  }

  return (
    <PageFrame
      headingId="forgot-password-title"
      width="form"
      title="Forgot your password?"
      intro="Enter the e-mail address of your account and we will send you a link to choose a new password."
      busy={pending}
    >
      {problem ? (
        <Notice intent="error" announce="alert" title={problem.title} data-problem={problem.code}>
          {problem.body}
        </Notice>
      ) : null}
      <form
        className={styles.form}
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        aria-label="Request a password reset link"
      >
        <FormField control={form.control} name="email" label={emailField.label} required>
          {(props) => <Input type="email" autoComplete="email" inputMode="email" {...props} />}
        </FormField>
        <div className={styles.actions}>
          <SubmitButton pending={pending} pendingLabel="Sending…" networkAction="Sending the link">
            Send reset link
          </SubmitButton>
          <RouterLink to={routePaths.login()}>Back to log in</RouterLink>
        </div>
      </form>
    </PageFrame>
  );
}

function statusOf(error: unknown): unknown {
  return (error as { status?: unknown } | null)?.status;
}

export default ForgotPasswordPage;
