import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { seriousAxeViolations } from '@hub/shared/testing/axe-violations';
import { fakeApi, type FakeAnswer } from '@hub/ui/testing/fake-api';
import { deferred } from '@hub/ui/testing/deferred';
import { renderPage } from '@hub/ui/testing/render-page';
import { withSignedInApi } from '@hub/ui/testing/api-session';
import ForgotPasswordPage from './forgot-password-page';

jest.setTimeout(20_000);
withSignedInApi();

const confirmation = { message: 'If an account exists for this address, a reset link has been sent.' };

async function submit(email: string) {
  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByLabelText(/E-mail address/));
  await user.paste(email);
  await user.click(screen.getByRole('button', { name: 'Send reset link' }));
  return user;
}

describe('ForgotPasswordPage', () => {
  it('asks for the e-mail address, without serious accessibility violations', async () => {
    const { container } = renderPage(<ForgotPasswordPage />, { url: '/account/forgot-password' });
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeInTheDocument();
    expect(screen.getByLabelText(/E-mail address/)).toBeRequired();
    expect(screen.getByRole('link', { name: 'Back to log in' })).toHaveAttribute('href', '/account/login');
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('checks the address before sending anything', async () => {
    const api = fakeApi({});
    renderPage(<ForgotPasswordPage />);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByText('Enter your e-mail address.')).toBeInTheDocument();
    await submit('not-an-address');
    expect(screen.getByText('Enter an e-mail address in the form name@example.com.')).toBeInTheDocument();
    expect(api.count()).toBe(0);
  });

  it.each(['known@hub.test', 'nobody@hub.test'])(
    'POSTs {email} once and shows the same confirmation for %s',
    async (email) => {
      const answer = deferred<FakeAnswer>();
      const api = fakeApi({ 'POST api/user/reset-password': () => answer.promise });
      renderPage(<ForgotPasswordPage />);
      const user = await submit(` ${email} `);
      await user.click(screen.getByRole('button', { name: 'Sending…' }));
      answer.resolve({ body: confirmation });
      expect(await screen.findByRole('heading', { level: 1, name: 'Check your inbox' })).toBeInTheDocument();
      expect(screen.getByText(/If an account exists for/)).toHaveTextContent(`If an account exists for ${email}`);
      expect(api.bodies('POST api/user/reset-password')).toEqual([{ email }]);
      expect(screen.getByRole('link', { name: 'Back to log in' })).toHaveAttribute('href', '/account/login');
    },
  );

  it('says when the server cannot be reached, and keeps the form to try again', async () => {
    fakeApi({ 'POST api/user/reset-password': new TypeError('Failed to fetch') });
    renderPage(<ForgotPasswordPage />);
    await submit('jane@hub.test');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No connection');
    expect(alert).toHaveTextContent('Check your internet connection and try again.');
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeInTheDocument();
  });

  it('says when there were too many requests', async () => {
    fakeApi({
      'POST api/user/reset-password': { status: 429, body: { message: 'Too many requests', details: [] } },
    });
    renderPage(<ForgotPasswordPage />);
    await submit('jane@hub.test');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts');
  });

  it('says when the server refuses the address', async () => {
    fakeApi({
      'POST api/user/reset-password': {
        status: 400,
        body: { message: 'The request is invalid', details: ['body/email'] },
      },
    });
    renderPage(<ForgotPasswordPage />);
    await submit('jane@hub.test');
    expect(await screen.findByRole('alert')).toHaveTextContent('Check the e-mail address');
  });
});
