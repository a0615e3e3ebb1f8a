import { StrictMode } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applyEmailVerificationCode, confirmNewPassword, verifyPasswordResetCode } from '@hub/shared';
import { seriousAxeViolations } from '@hub/shared/testing/axe-violations';
import { deferred } from '@hub/ui/testing/deferred';
import { identityError } from '../../testing/identity-error';
import { renderPage } from '@hub/ui/testing/render-page';
import EmailActionPage from './email-action-page';

jest.setTimeout(20_000);

const applyCode = jest.mocked(applyEmailVerificationCode);
const checkResetCode = jest.mocked(verifyPasswordResetCode);
const confirm = jest.mocked(confirmNewPassword);

let codeNumber = 0;
/** Each test its own code: the page applies a verification code only once per page load. */
const nextCode = () => `code-${++codeNumber}`;

beforeEach(() => {
  applyCode.mockReset().mockResolvedValue(undefined);
  checkResetCode.mockReset().mockResolvedValue('jane@hub.test');
  confirm.mockReset().mockResolvedValue(undefined);
});

describe('EmailActionPage: verify e-mail', () => {
  it('shows a spinner, applies the code once, then links to log in', async () => {
    const pending = deferred();
    applyCode.mockReturnValue(pending.promise);
    const code = nextCode();
    const { container } = renderPage(<EmailActionPage />, { url: `/account/action?mode=verifyEmail&oobCode=${code}` });
    expect(screen.getByRole('heading', { level: 1, name: 'Verifying your e-mail address' })).toBeInTheDocument();
    expect(screen.getByText('Verifying your e-mail address…')).toBeInTheDocument();
    pending.resolve();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your e-mail address is verified' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to log in' })).toHaveAttribute('href', '/account/login');
    expect(applyCode).toHaveBeenCalledTimes(1);
    expect(applyCode).toHaveBeenCalledWith(code);
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('applies the code once even when the screen mounts twice (React strict mode)', async () => {
    const code = nextCode();
    renderPage(
      <StrictMode>
        <EmailActionPage />
      </StrictMode>,
      { url: `/account/action?mode=verifyEmail&oobCode=${code}` },
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your e-mail address is verified' }),
    ).toBeInTheDocument();
    expect(applyCode).toHaveBeenCalledTimes(1);
  });

  it('explains an expired or used link', async () => {
    applyCode.mockRejectedValue(identityError('invalid-code'));
    renderPage(<EmailActionPage />, { url: `/account/action?mode=verifyEmail&oobCode=${nextCode()}` });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This link has expired or was already used');
    expect(alert).toHaveTextContent('If you already used it, just log in.');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('offers a retry after a network failure', async () => {
    applyCode.mockRejectedValueOnce(identityError('network'));
    renderPage(<EmailActionPage />, { url: `/account/action?mode=verifyEmail&oobCode=${nextCode()}` });
    expect(await screen.findByRole('alert')).toHaveTextContent('No connection');
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your e-mail address is verified' }),
    ).toBeInTheDocument();
    expect(applyCode).toHaveBeenCalledTimes(2);
  });
});

describe('EmailActionPage: reset password', () => {
  async function fill(password: string, confirmation = password) {
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByLabelText(/^New password/, { selector: 'input' }));
    await user.paste(password);
    await user.click(screen.getByLabelText(/^Confirm new password/, { selector: 'input' }));
    await user.paste(confirmation);
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    return user;
  }

  it('checks the link, then asks for the new password with the rules shown', async () => {
    const pending = deferred<string>();
    checkResetCode.mockReturnValue(pending.promise);
    const { container } = renderPage(<EmailActionPage />, { url: '/account/action?mode=resetPassword&oobCode=r1' });
    expect(screen.getByText('Checking your link…')).toBeInTheDocument();
    pending.resolve('jane@hub.test');
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a new password' })).toBeInTheDocument();
    expect(screen.getByText('jane@hub.test')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Password rules' })).toBeInTheDocument();
    expect(checkResetCode).toHaveBeenCalledWith('r1');
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('holds the new password to the rules', async () => {
    renderPage(<EmailActionPage />, { url: '/account/action?mode=resetPassword&oobCode=r2' });
    await screen.findByRole('heading', { level: 1, name: 'Choose a new password' });
    await fill('password', 'Password');
    expect(
      screen.getByText('Your password still needs: an upper-case letter (A–Z), a digit (0–9).'),
    ).toBeInTheDocument();
    expect(screen.getByText('The two passwords are not the same.')).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
  });

  it('saves the new password and links to log in', async () => {
    renderPage(<EmailActionPage />, { url: '/account/action?mode=resetPassword&oobCode=r3' });
    await screen.findByRole('heading', { level: 1, name: 'Choose a new password' });
    await fill('NewSecret1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your password is changed' })).toBeInTheDocument();
    expect(confirm).toHaveBeenCalledWith('r3', 'NewSecret1');
    expect(screen.getByRole('status')).toHaveTextContent('Log in with jane@hub.test and your new password.');
  });

  it('explains a rejected new password', async () => {
    confirm.mockRejectedValue(identityError('weak-password'));
    renderPage(<EmailActionPage />, { url: '/account/action?mode=resetPassword&oobCode=r4' });
    await screen.findByRole('heading', { level: 1, name: 'Choose a new password' });
    await fill('NewSecret1');
    expect(await screen.findByRole('alert')).toHaveTextContent('This password is too weak');
  });

  it('offers a new link when the link has expired', async () => {
    checkResetCode.mockRejectedValue(identityError('invalid-code'));
    renderPage(<EmailActionPage />, { url: '/account/action?mode=resetPassword&oobCode=r5' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired or was already used');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/account/forgot-password',
    );
  });
});

describe('EmailActionPage: incomplete links', () => {
  it.each(['/account/action', '/account/action?mode=verifyEmail', '/account/action?mode=somethingElse&oobCode=x'])(
    'explains that %s cannot be used',
    async (path) => {
      const { container } = renderPage(<EmailActionPage />, { url: path });
      expect(screen.getByRole('heading', { level: 1, name: 'This link is not complete' })).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent('We cannot read this link');
      expect(applyCode).not.toHaveBeenCalled();
      expect(checkResetCode).not.toHaveBeenCalled();
      expect(await seriousAxeViolations(container)).toEqual([]);
    },
  );
});
