import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { registerWithPassword, resendVerificationEmail } from '@hub/shared';
import { seriousAxeViolations } from '@hub/shared/testing/axe-violations';
import { deferred } from '@hub/ui/testing/deferred';
import { identityError } from '../../testing/identity-error';
import { renderPage } from '@hub/ui/testing/render-page';
import RegisterPage from './register-page';

jest.setTimeout(20_000);

const register = jest.mocked(registerWithPassword);
const resend = jest.mocked(resendVerificationEmail);

beforeEach(() => {
  register.mockReset().mockResolvedValue({ email: 'jane@hub.test' });
  resend.mockReset().mockResolvedValue('sent');
});

async function paste(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

async function fill(values: Partial<Record<'first' | 'last' | 'email' | 'password' | 'confirm', string>> = {}) {
  const user = userEvent.setup({ delay: null });
  const v = {
    first: 'Jane',
    last: 'Doe',
    email: 'jane@hub.test',
    password: 'Secret123',
    confirm: 'Secret123',
    ...values,
  };
  if (v.first) await paste(user, screen.getByLabelText(/First name/), v.first);
  if (v.last) await paste(user, screen.getByLabelText(/Last name/), v.last);
  if (v.email) await paste(user, screen.getByLabelText(/E-mail address/), v.email);
  if (v.password) await paste(user, screen.getByLabelText(/^Password/, { selector: 'input' }), v.password);
  if (v.confirm) await paste(user, screen.getByLabelText(/Confirm password/), v.confirm);
  return user;
}

const rule = (name: RegExp) => screen.getByText(name).closest('li');

describe('RegisterPage', () => {
  it('shows the fields and the password rules up front, without serious accessibility violations', async () => {
    const { container } = renderPage(<RegisterPage />, { url: '/account/register' });
    expect(screen.getByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument();
    for (const label of [/First name/, /Last name/, /E-mail address/, /^Password/, /Confirm password/]) {
      expect(screen.getByLabelText(label, { selector: 'input' })).toBeRequired();
    }
    const rules = screen.getByRole('list', { name: 'Password rules' });
    expect(
      within(rules)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'At least 8 characters (still needed)',
      'An upper-case letter (A–Z) (still needed)',
      'A lower-case letter (a–z) (still needed)',
      'A digit (0–9) (still needed)',
    ]);
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/account/login');
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('ticks the password rules off as the user types', async () => {
    renderPage(<RegisterPage />);
    const user = userEvent.setup({ delay: null });
    const password = screen.getByLabelText(/^Password/, { selector: 'input' });
    await user.type(password, 'abc');
    expect(rule(/A lower-case letter/)).toHaveAttribute('data-met', 'true');
    expect(rule(/An upper-case letter/)).toHaveAttribute('data-met', 'false');
    await user.type(password, 'DEF12');
    expect(rule(/At least 8 characters/)).toHaveAttribute('data-met', 'true');
    expect(rule(/An upper-case letter/)).toHaveAttribute('data-met', 'true');
    expect(rule(/A digit/)).toHaveAttribute('data-met', 'true');
  });

  it('shows a message for each invalid field and does not register', async () => {
    renderPage(<RegisterPage />);
    const user = await fill({ first: '', email: 'jane', password: 'short', confirm: 'shorter' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('Enter your first name.')).toBeInTheDocument();
    expect(screen.getByText('Enter an e-mail address in the form name@example.com.')).toBeInTheDocument();
    expect(
      screen.getByText('Your password still needs: at least 8 characters, an upper-case letter (A–Z), a digit (0–9).'),
    ).toBeInTheDocument();
    expect(screen.getByText('The two passwords are not the same.')).toBeInTheDocument();
    expect(screen.getByLabelText(/First name/)).toHaveFocus();
    expect(register).not.toHaveBeenCalled();
  });

  it('registers with trimmed names, then says to check the inbox and offers a resend', async () => {
    const pending = deferred<{ email: string }>();
    register.mockReturnValue(pending.promise);
    renderPage(<RegisterPage />);
    const user = await fill({ first: ' Jane ' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await user.click(screen.getByRole('button', { name: 'Creating your account…' }));
    expect(register).toHaveBeenCalledTimes(1);
    expect(register).toHaveBeenCalledWith({
      firstName: 'Jane',
      lastName: 'Doe',
      email: 'jane@hub.test',
      password: 'Secret123',
    });
    pending.resolve({ email: 'jane@hub.test' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Check your inbox' })).toBeInTheDocument();
    expect(screen.getByText('jane@hub.test')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend verification e-mail' }));
    expect(resend).toHaveBeenCalledWith('jane@hub.test', 'Secret123');
    expect(await screen.findByRole('status')).toHaveTextContent('We sent a new verification link to jane@hub.test.');
  });

  it('says when the address already has an account, with a way to log in', async () => {
    register.mockRejectedValue(identityError('email-in-use'));
    renderPage(<RegisterPage />);
    const user = await fill();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This e-mail address already has an account');
    expect(within(alert).getByRole('link', { name: 'Go to log in' })).toHaveAttribute('href', '/account/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument();
  });

  it('passes on the identity layer’s own explanation (account created, e-mail not sent)', async () => {
    register.mockRejectedValue(
      identityError('network', 'Your account was created, but the verification e-mail could not be sent.'),
    );
    renderPage(<RegisterPage />);
    const user = await fill();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your account was created, but the verification e-mail could not be sent.',
    );
  });

  it('says when the resend fails', async () => {
    resend.mockRejectedValue(identityError('too-many-requests'));
    renderPage(<RegisterPage />);
    const user = await fill();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await user.click(await screen.findByRole('button', { name: 'Resend verification e-mail' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts');
  });
});
