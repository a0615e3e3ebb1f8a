import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resendVerificationEmail, signInWithPassword, signInWithWorkAccount, workSignInErrorAtom } from '@hub/shared';
import { seriousAxeViolations } from '@hub/shared/testing/axe-violations';
import { deferred } from '@hub/ui/testing/deferred';
import { identityError } from '../../testing/identity-error';
import { renderPage } from '@hub/ui/testing/render-page';
import LoginPage from './login-page';

jest.setTimeout(20_000);

const signIn = jest.mocked(signInWithPassword);
const resend = jest.mocked(resendVerificationEmail);
const workAccount = jest.mocked(signInWithWorkAccount);

beforeEach(() => {
  signIn.mockReset().mockResolvedValue(undefined as never);
  resend.mockReset().mockResolvedValue(undefined as never);
  workAccount.mockReset().mockResolvedValue(undefined as never);
});

async function fillAndSubmit(email = 'jane@hub.test', password = 'Secret123') {
  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByLabelText(/E-mail address/));
  await user.paste(email);
  await user.click(screen.getByLabelText(/^Password/, { selector: 'input' }));
  await user.paste(password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  return user;
}

describe('LoginPage', () => {
  it('shows the form, the work-account button and the links, without serious accessibility violations', async () => {
    const { container } = renderPage(<LoginPage />, { url: '/account/login' });
    expect(screen.getByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    // One verb for it, as the header's "Log In" and the footer's "Log in" (issue 23).
    expect(screen.getByRole('button', { name: 'Log in' })).toHaveAttribute('type', 'submit');
    expect(screen.getByRole('textbox', { name: /E-mail address/ })).toBeRequired();
    expect(screen.getByLabelText(/^Password/, { selector: 'input' })).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Log in with work account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/account/register');
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/account/forgot-password',
    );
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('says which fields are missing and does not sign in', async () => {
    renderPage(<LoginPage />);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText('Enter your e-mail address.')).toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /E-mail address/ })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: /E-mail address/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Password/, { selector: 'input' })).toHaveAttribute('aria-invalid', 'true');
    expect(signIn).not.toHaveBeenCalled();
  });

  it('checks the e-mail format when the field is left', async () => {
    renderPage(<LoginPage />);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/E-mail address/), 'jane@hub');
    await user.tab();
    expect(screen.getByText('Enter an e-mail address in the form name@example.com.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/E-mail address/), '.test');
    expect(screen.queryByText('Enter an e-mail address in the form name@example.com.')).not.toBeInTheDocument();
  });

  it('signs in once with the trimmed address, showing a spinner while it runs', async () => {
    const pending = deferred();
    signIn.mockReturnValue(pending.promise as never);
    renderPage(<LoginPage />);
    const user = await fillAndSubmit('  jane@hub.test ');
    const busy = screen.getByRole('button', { name: 'Logging in…' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    await user.click(busy);
    await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), '{Enter}');
    expect(signIn).toHaveBeenCalledTimes(1);
    expect(signIn).toHaveBeenCalledWith('jane@hub.test', 'Secret123');
    pending.resolve();
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  it('explains a wrong password and links to the password reset', async () => {
    signIn.mockRejectedValue(identityError('wrong-credentials'));
    renderPage(<LoginPage />);
    await fillAndSubmit();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Wrong e-mail or password');
    expect(alert).toHaveTextContent('Check both and try again');
    expect(within(alert).getByRole('link', { name: 'Reset your password' })).toHaveAttribute(
      'href',
      '/account/forgot-password',
    );
  });

  it('offers to resend the verification e-mail to an unverified user', async () => {
    signIn.mockRejectedValue(identityError('email-not-verified'));
    renderPage(<LoginPage />);
    const user = await fillAndSubmit();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your e-mail address is not verified yet');
    await user.click(within(alert).getByRole('button', { name: 'Resend verification e-mail' }));
    expect(resend).toHaveBeenCalledWith('jane@hub.test', 'Secret123');
    expect(await screen.findByRole('status')).toHaveTextContent('We sent a new link to jane@hub.test');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so when the address was verified in the meantime', async () => {
    signIn.mockRejectedValue(identityError('email-not-verified'));
    resend.mockResolvedValue('already-verified');
    renderPage(<LoginPage />);
    const user = await fillAndSubmit();
    await user.click(await screen.findByRole('button', { name: 'Resend verification e-mail' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your e-mail address is verified');
  });

  it('says when resending the verification e-mail fails', async () => {
    signIn.mockRejectedValue(identityError('email-not-verified'));
    resend.mockRejectedValue(identityError('too-many-requests'));
    renderPage(<LoginPage />);
    const user = await fillAndSubmit();
    await user.click(await screen.findByRole('button', { name: 'Resend verification e-mail' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts');
  });

  it('explains a network failure and what to do', async () => {
    signIn.mockRejectedValue(identityError('network'));
    renderPage(<LoginPage />);
    await fillAndSubmit();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No connection');
    expect(alert).toHaveTextContent('Check your internet connection and try again.');
  });

  it('shows the message of an unexpected failure', async () => {
    signIn.mockRejectedValue(new Error('The identity service is down.'));
    renderPage(<LoginPage />);
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    expect(screen.getByRole('alert')).toHaveTextContent('The identity service is down.');
  });

  it('signs in with the work account in a popup', async () => {
    renderPage(<LoginPage />);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Log in with work account' }));
    expect(workAccount).toHaveBeenCalledWith('popup');
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('offers the redirect when the popup was blocked or closed', async () => {
    workAccount.mockRejectedValueOnce(identityError('popup-closed'));
    renderPage(<LoginPage />);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Log in with work account' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The sign-in window was closed or blocked');
    await user.click(within(alert).getByRole('button', { name: 'Continue in this window' }));
    expect(workAccount).toHaveBeenLastCalledWith('redirect');
  });

  it('says why a refused work account was signed out again, and what to do (issue 23)', () => {
    renderPage(<LoginPage />, { setup: (s) => s.set(workSignInErrorAtom, identityError('work-account-refused')) });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('This work account cannot log in here');
    expect(alert).toHaveTextContent('Log in with your company work account, or with your e-mail address and password.');
  });

  it('shows the failure of a work-account redirect sign-in, and clears it on the next attempt', async () => {
    const { store } = renderPage(<LoginPage />, {
      setup: (s) => s.set(workSignInErrorAtom, identityError('network')),
    });
    expect(screen.getByRole('alert')).toHaveTextContent('No connection');
    await fillAndSubmit();
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(store.get(workSignInErrorAtom)).toBeNull();
  });
});
