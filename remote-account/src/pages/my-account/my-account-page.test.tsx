import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  appConfigAtom,
  defaultAppConfig,
  hubStore,
  Permission,
  refreshUserInfo,
  Role,
  userInfoAtom,
} from '@hub/shared';
import { seriousAxeViolations } from '@hub/shared/testing/axe-violations';
import { fakeApi, type FakeAnswer } from '@hub/ui/testing/fake-api';
import { deferred } from '@hub/ui/testing/deferred';
import { aUser, renderPage } from '@hub/ui/testing/render-page';
import { withSignedInApi } from '@hub/ui/testing/api-session';
import MyAccountPage from './my-account-page';

jest.setTimeout(20_000);

const refresh = jest.mocked(refreshUserInfo);
withSignedInApi();

const units = [
  { id: 1, name: 'Cloud' },
  { id: 2, name: 'Insights & Data' },
];

beforeEach(() => {
  refresh.mockReset().mockImplementation(async () => aUser());
});

const staff = aUser({
  firstName: 'Nina',
  lastName: 'Newstaff',
  email: 'newstaff@hub.test',
  city: null,
  roles: [Role.Capgemini],
  permissions: [Permission.CapgeminiAccess, Permission.UserAccess],
});

async function replace(user: ReturnType<typeof userEvent.setup>, label: RegExp, text: string) {
  const input = screen.getByLabelText(label, { selector: 'input' });
  await user.clear(input);
  if (text) await user.paste(text);
}

describe('MyAccountPage', () => {
  it('shows skeletons while the session is still loading', () => {
    fakeApi({ 'GET api/bunit': { body: units } });
    renderPage(<MyAccountPage />, { status: 'loading' });
    expect(screen.getByRole('heading', { level: 1, name: 'My account' })).toBeInTheDocument();
    expect(screen.getByLabelText('Loading your profile')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save profile' })).not.toBeInTheDocument();
  });

  it('says when the user details could not be loaded, and loads them again on request', async () => {
    fakeApi({ 'GET api/bunit': { body: units } });
    renderPage(<MyAccountPage />, { status: 'loggedIn' });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Your details could not be loaded');
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Retry loading your details' }));
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('shows the profile, the business units and the roles by name, without serious accessibility violations', async () => {
    fakeApi({ 'GET api/bunit': { body: units } });
    const user = {
      ...aUser({ phoneNumber: '+31 6 1234', roles: [Role.CoreMember, Role.External] }),
      businessUnitId: 2,
    };
    const { container } = renderPage(<MyAccountPage />, { user });
    expect(screen.getByLabelText(/First name/, { selector: 'input' })).toHaveValue('Jane');
    expect(screen.getByLabelText(/Last name/, { selector: 'input' })).toHaveValue('Doe');
    expect(screen.getByLabelText(/Phone number/, { selector: 'input' })).toHaveValue('+31 6 1234');
    expect(screen.getByLabelText(/City/, { selector: 'input' })).toHaveValue('Utrecht');
    expect(screen.getByLabelText(/E-mail address/, { selector: 'input' })).toHaveValue('jane@hub.test');
    const unit = screen.getByRole('combobox', { name: /Business unit/ });
    await waitFor(() => expect(unit).toBeEnabled());
    expect(unit).toHaveDisplayValue('Insights & Data');
    expect(screen.getByRole('heading', { level: 2, name: 'Your roles' })).toBeInTheDocument();
    expect(screen.getByText('Core member')).toBeInTheDocument();
    expect(screen.getByText('External member')).toBeInTheDocument();
    expect(screen.queryByText('Add your city to continue')).not.toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('saves the profile with PUT api/user, then refreshes the shared user info', async () => {
    const answer = deferred<FakeAnswer>();
    const api = fakeApi({ 'GET api/bunit': { body: units }, 'PUT api/user': () => answer.promise });
    renderPage(<MyAccountPage />, { user: aUser() });
    const user = userEvent.setup({ delay: null });
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Business unit/ })).toBeEnabled());
    await replace(user, /First name/, ' Janet ');
    await replace(user, /Phone number/, '+31 (0)6-12 34');
    await user.selectOptions(screen.getByRole('combobox', { name: /Business unit/ }), 'Cloud');
    // The avatar is uploaded (an image of the signed-in user's own) and saved by id with the profile.
    api.set({
      'POST api/images': {
        status: 201,
        body: {
          id: 9,
          width: 400,
          height: 400,
          focalX: 0.5,
          focalY: 0.5,
          variants: [{ width: 400, height: 400, format: 'webp', url: 'https://api.test/api/images/a-400.webp' }],
        },
      },
    });
    await user.upload(screen.getByLabelText('Avatar'), new File(['png'], 'me.png', { type: 'image/png' }));
    await screen.findByRole('button', { name: 'Replace image' });
    expect(api.requests('POST api/images').map((r) => r.route)).toEqual(['POST api/images?kind=avatar']);
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await user.click(screen.getByRole('button', { name: 'Saving…' }));
    answer.resolve({ body: aUser({ firstName: 'Janet' }) });
    expect(await screen.findByRole('status')).toHaveTextContent('Profile saved');
    expect(api.bodies('PUT api/user')).toEqual([
      {
        firstName: 'Janet',
        lastName: 'Doe',
        phoneNumber: '+31 (0)6-12 34',
        city: 'Utrecht',
        businessUnitId: 1,
        avatarImageId: 9,
      },
    ]);
    // The answer is the updated user info: it becomes the shared one without another request.
    expect(hubStore.get(userInfoAtom)).toEqual(aUser({ firstName: 'Janet' }));
    expect(api.count('GET api/user')).toBe(0);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('sends a null city and business unit when they are left empty by a non-Capgemini user', async () => {
    const api = fakeApi({ 'GET api/bunit': { body: units }, 'PUT api/user': { body: aUser() } });
    renderPage(<MyAccountPage />, { user: aUser() });
    const user = userEvent.setup({ delay: null });
    await replace(user, /City/, '');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await screen.findByRole('status');
    expect(api.bodies('PUT api/user')[0]).toMatchObject({ city: null, businessUnitId: null });
  });

  it('names the company from configuration, on the role and in the city notice', async () => {
    fakeApi({ 'GET api/bunit': { body: units } });
    renderPage(<MyAccountPage />, {
      user: staff,
      setup: (store) => store.set(appConfigAtom, { ...defaultAppConfig, company: { name: 'Acme' } }),
    });
    expect(screen.getByText(/As an employee of Acme you need to tell us the city/)).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Your roles' })).getByText('Acme employee')).toBeInTheDocument();
  });

  it('tells a Capgemini user without a city why they are here, and requires the city', async () => {
    const api = fakeApi({
      'GET api/bunit': { body: units },
      'PUT api/user': { body: { ...staff, city: 'Lyon' } },
    });
    renderPage(<MyAccountPage />, { user: staff });
    expect(screen.getByText('Add your city to continue')).toBeInTheDocument();
    expect(
      screen.getByText(
        /As an employee of Capgemini you need to tell us the city you work in before you can use the rest of Community Hub/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/City/, { selector: 'input' })).toBeRequired();

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(screen.getByText('Enter the city you work in.')).toBeInTheDocument();
    expect(screen.getByLabelText(/City/, { selector: 'input' })).toHaveFocus();
    expect(api.bodies('PUT api/user')).toEqual([]);

    await user.paste('Lyon');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Your profile is complete')).toBeInTheDocument();
    expect(screen.queryByText('Add your city to continue')).not.toBeInTheDocument();
    expect(api.bodies('PUT api/user')[0]).toMatchObject({ city: 'Lyon' });
  });

  it('checks names and the phone number', async () => {
    const api = fakeApi({ 'GET api/bunit': { body: units } });
    renderPage(<MyAccountPage />, { user: aUser() });
    const user = userEvent.setup({ delay: null });
    await replace(user, /Last name/, '');
    await replace(user, /Phone number/, 'call me');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(screen.getByText('Enter your last name.')).toBeInTheDocument();
    expect(screen.getByText('Use only digits, spaces and + ( ) - . / in a phone number.')).toBeInTheDocument();
    expect(api.bodies('PUT api/user')).toEqual([]);
  });

  it('says the profile was not saved, with the server’s reasons', async () => {
    fakeApi({
      'GET api/bunit': { body: units },
      'PUT api/user': { status: 400, body: { message: 'The request is invalid', details: ['body/city is too long'] } },
    });
    renderPage(<MyAccountPage />, { user: aUser() });
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Save profile' }));
    // Two alerts now: the notice, and the server's reason on the field it names.
    const alert = (await screen.findByText('Your profile was not saved')).closest('[data-problem]');
    expect(alert).toHaveTextContent('Your profile was not saved');
    expect(alert).toHaveTextContent('The request is invalid (body/city is too long)');
    expect(screen.getByText('City is too long.')).toBeInTheDocument();
    expect(screen.getByLabelText(/City/, { selector: 'input' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/City/, { selector: 'input' })).toHaveFocus();
    // Nothing was saved: the shared user info is still the one the page was opened with.
    expect(hubStore.get(userInfoAtom)).toEqual(aUser());
  });

  it('says when the business units cannot be loaded, and loads them again on request', async () => {
    let calls = 0;
    fakeApi({
      'GET api/bunit': async () => (++calls === 1 ? Promise.reject(new TypeError('Failed to fetch')) : { body: units }),
    });
    renderPage(<MyAccountPage />, { user: aUser() });
    expect(await screen.findByText(/The list of business units could not be loaded/)).toBeInTheDocument();
    await userEvent
      .setup({ delay: null })
      .click(screen.getByRole('button', { name: 'Retry loading the business units' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Business unit/ })).toBeEnabled());
    expect(screen.getByRole('option', { name: 'Cloud' })).toBeInTheDocument();
  });
});
