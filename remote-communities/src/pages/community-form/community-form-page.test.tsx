import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CommunityBaseId,
  communityQueryOptions,
  type CommunityDetail,
  type CoreMember,
  type Country,
} from '@hub/shared';
import { fakeApi, type FakeAnswer } from '@hub/ui/testing/fake-api';
import { deferred } from '@hub/ui/testing/deferred';
import { adminUser, communityDetail, coreUser, externalUser, leadUser } from '../../testing/demo-data';
import { renderPage } from '@hub/ui/testing/render-page';
import { seriousAxeViolations } from '@hub/shared/testing/axe-violations';
import { CommunityCreatePage, CommunityEditPage } from './community-form-page';

// Fluent, userEvent and axe in jsdom are slow on a busy machine; the default 5 s is too tight.
jest.setTimeout(30_000);

const countries: Country[] = [
  { id: 3, name: 'France', code: 'FR' },
  { id: 1, name: 'Netherlands', code: 'NL' },
];
const coreMembers: CoreMember[] = [
  { id: 2, email: 'lead@hub.test', firstName: 'Lena', lastName: 'Lead', responsibleForCommunity: true, pending: false },
  {
    id: 3,
    email: 'core@hub.test',
    firstName: 'Carl',
    lastName: 'Core',
    responsibleForCommunity: false,
    pending: false,
  },
];
const editRoutes = {
  'GET api/country': { body: countries },
  'GET api/community/1': { body: communityDetail },
  'GET api/community/1/core-members': { body: coreMembers },
  // The user info refreshed after a core-member change (seats decide permissions).
  'GET api/user': { body: leadUser },
};

/** Pastes instead of typing key by key: the same change events, a fraction of the time. */
async function fill(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

function showCreate(user = adminUser, url = '/community-form') {
  return renderPage(<CommunityCreatePage />, { url, pattern: '/community-form', user });
}
function showEdit(user = leadUser, id = '1') {
  return renderPage(<CommunityEditPage />, {
    url: `/community-form/edit/${id}`,
    pattern: '/community-form/edit/:communityId',
    user,
  });
}

beforeEach(() => {
  jest.clearAllMocks();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

const uploadedCover = {
  id: 41,
  width: 1280,
  height: 720,
  focalX: 0.5,
  focalY: 0.5,
  variants: [{ width: 1280, height: 720, format: 'webp' as const, url: 'https://api.test/api/images/c-1280.webp' }],
};

describe('community create', () => {
  it('shows a skeleton while the countries load, then an empty form', async () => {
    const answer = deferred<FakeAnswer>();
    fakeApi({ 'GET api/country': () => answer.promise });
    const { container } = showCreate();
    expect(screen.getByRole('progressbar', { name: 'Loading the form' })).toBeInTheDocument();
    await act(async () => answer.resolve({ body: countries }));
    expect(await screen.findByRole('textbox', { name: /Name/ })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: /Country/ })).toHaveValue('');
    expect(screen.queryByRole('region', { name: 'Core members' })).not.toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('validates before sending anything', async () => {
    const api = fakeApi({ 'GET api/country': { body: countries } });
    showCreate();
    await screen.findByRole('textbox', { name: /Name/ });
    await userEvent.click(screen.getByRole('button', { name: 'Create community' }));
    expect(screen.getByText('Enter a name.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveFocus();
    expect(screen.getByText('Choose a country.')).toBeInTheDocument();
    expect(api.count('POST api/community')).toBe(0);
  });

  it('creates the community and opens its page', async () => {
    const created: CommunityDetail = {
      ...communityDetail,
      id: 19,
      name: 'Rust Guild',
      communityBaseId: CommunityBaseId.Network,
      coreMembers: [],
    };
    const api = fakeApi({
      'GET api/country': { body: countries },
      'GET api/community': { body: [] },
      'POST api/community': { status: 201, body: created },
    });
    const { router } = showCreate();
    await fill(await screen.findByRole('textbox', { name: /Name/ }), '  Rust Guild ');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Type/ }), 'Network');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Country/ }), 'Netherlands');
    await fill(screen.getByRole('textbox', { name: /Description/ }), 'Systems programming');
    // Who can see it (issue 28): each choice says what it means; public until another is chosen.
    const audience = screen.getByRole('radiogroup', { name: /Who can see it/ });
    expect(within(audience).getByRole('radio', { name: /^Public/ })).toBeChecked();
    expect(audience).toHaveTextContent(
      'Only staff signed in with their work account (and admins) can find and see it.',
    );
    await userEvent.click(within(audience).getByRole('radio', { name: /^Staff only/ }));
    // The cover is uploaded (an administrator's, for a community not created yet) and saved by id.
    api.set({ 'POST api/images': { status: 201, body: uploadedCover } });
    await userEvent.upload(screen.getByLabelText('Cover'), new File(['png'], 'rust.png', { type: 'image/png' }));
    await screen.findByRole('button', { name: 'Replace image' });
    await userEvent.click(screen.getByRole('button', { name: 'Create community' }));

    await waitFor(() => expect(router.current).toBe('/community/19'));
    expect(api.bodies('POST api/community')).toEqual([
      {
        name: 'Rust Guild',
        communityBaseId: 2,
        countryId: 1,
        description: 'Systems programming',
        imageUrl: '',
        visibility: 'staff',
        logoImageId: null,
        coverImageId: 41,
      },
    ]);
    expect(api.requests('POST api/images').map((r) => r.route)).toEqual(['POST api/images?kind=community-cover']);
  });

  it('asks for the lead of a new community and appoints them once it is created', async () => {
    const created: CommunityDetail = { ...communityDetail, id: 21, name: 'Go Guild', coreMembers: [] };
    const api = fakeApi({
      'GET api/country': { body: countries },
      'GET api/community': { body: [] },
      'POST api/community': { status: 201, body: created },
      'POST api/community/21/core-members': {
        status: 201,
        body: {
          id: 9,
          email: 'lena@hub.test',
          firstName: '',
          lastName: '',
          responsibleForCommunity: true,
          pending: true,
        },
      },
    });
    const { router } = showCreate();
    await fill(await screen.findByRole('textbox', { name: /Name/ }), 'Go Guild');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Country/ }), 'Netherlands');
    await fill(screen.getByRole('textbox', { name: /Lead/ }), 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Create community' }));
    expect(
      await screen.findByText('Enter the e-mail address of the lead, or leave it empty to appoint one later.'),
    ).toBeInTheDocument();
    expect(api.count('POST api/community')).toBe(0);
    await userEvent.clear(screen.getByRole('textbox', { name: /Lead/ }));
    await fill(screen.getByRole('textbox', { name: /Lead/ }), 'lena@hub.test');
    await userEvent.click(screen.getByRole('button', { name: 'Create community' }));
    await waitFor(() => expect(router.current).toBe('/community/21'));
    expect(api.bodies('POST api/community/21/core-members')).toEqual([
      { email: 'lena@hub.test', responsibleForCommunity: true },
    ]);
  });

  it('opens the edit page, saying so, when the lead cannot be appointed', async () => {
    const created: CommunityDetail = { ...communityDetail, id: 22, name: 'Zig Guild', coreMembers: [] };
    fakeApi({
      'GET api/country': { body: countries },
      'GET api/community': { body: [] },
      'POST api/community': { status: 201, body: created },
      'POST api/community/22/core-members': { status: 409, body: { message: 'Already a core member', details: [] } },
    });
    const { router } = showCreate();
    await fill(await screen.findByRole('textbox', { name: /Name/ }), 'Zig Guild');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Country/ }), 'Netherlands');
    await fill(screen.getByRole('textbox', { name: /Lead/ }), 'lena@hub.test');
    await userEvent.click(screen.getByRole('button', { name: 'Create community' }));
    await waitFor(() => expect(router.current).toBe('/community-form/edit/22'));
    expect(await screen.findByText('Zig Guild is created, without its lead')).toBeInTheDocument();
  });

  it('creates once on a double click, with a spinner while the request runs', async () => {
    const answer = deferred<FakeAnswer>();
    const api = fakeApi({
      'GET api/country': { body: countries },
      'GET api/community': { body: [] },
      'POST api/community': () => answer.promise,
    });
    const { router } = showCreate();
    await fill(await screen.findByRole('textbox', { name: /Name/ }), 'Rust Guild');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Country/ }), 'France');
    await userEvent.dblClick(screen.getByRole('button', { name: 'Create community' }));
    const busy = screen.getByRole('button', { name: 'Saving…' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(busy);
    answer.resolve({ status: 201, body: { ...communityDetail, id: 19 } });
    await waitFor(() => expect(router.current).toBe('/community/19'));
    expect(api.count('POST api/community')).toBe(1);
  });

  it("shows the API's refusal with its details, and keeps what was typed", async () => {
    fakeApi({
      'GET api/country': { body: countries },
      'POST api/community': {
        status: 400,
        body: { message: 'The request is invalid', details: ['body/countryId does not name an existing country'] },
      },
    });
    showCreate();
    await fill(await screen.findByRole('textbox', { name: /Name/ }), 'Rust Guild');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Country/ }), 'France');
    await userEvent.click(screen.getByRole('button', { name: 'Create community' }));
    expect(await screen.findByText('Could not save the community')).toBeInTheDocument();
    expect(screen.getByText('The request is invalid')).toBeInTheDocument();
    expect(screen.getByText('body/countryId does not name an existing country')).toBeInTheDocument();
    expect(screen.getByText('Country does not name an existing country.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Country/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveValue('Rust Guild');
  });

  it('sends anyone but an admin home with a toast saying why, like the route guard', async () => {
    fakeApi({ 'GET api/country': { body: countries } });
    const { router } = showCreate(coreUser);
    await waitFor(() => expect(router.current).toBe('/'));
    expect(await screen.findByText('Not allowed')).toBeInTheDocument();
    expect(screen.getByText('Only admins can create communities and networks.')).toBeInTheDocument();
  });

  it('follows the base it was opened for: a network (title, Type, button and Cancel)', async () => {
    fakeApi({ 'GET api/country': { body: countries } });
    showCreate(adminUser, '/community-form?base=2');
    expect(screen.getByRole('heading', { level: 1, name: 'Create a network' })).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: /Type/ })).toHaveValue('2');
    expect(screen.getByRole('button', { name: 'Create network' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/networks');
    expect(document.title).toBe('Create a network · Community Hub');
  });

  it('shows a failure to load the countries with Retry', async () => {
    const api = fakeApi({
      'GET api/country': { status: 500, body: { message: 'Country list unavailable', details: [] } },
    });
    showCreate();
    expect(await screen.findByText('Country list unavailable')).toBeInTheDocument();
    api.set({ 'GET api/country': { body: countries } });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('textbox', { name: /Name/ })).toBeInTheDocument();
  });
});

describe('community edit', () => {
  it('fills the form with the community, saves it and clears the cached community', async () => {
    const api = fakeApi({
      ...editRoutes,
      'PUT api/community/1': { body: { ...communityDetail, name: 'Cloud Native Guild NL' } },
    });
    const { router, container, queryClient } = showEdit();
    const name = await screen.findByRole('textbox', { name: /Name/ });
    expect(name).toHaveValue('Cloud Native Guild');
    expect(screen.getByRole('combobox', { name: /Country/ })).toHaveValue('1');
    expect(await screen.findByRole('list', { name: 'Core members' })).toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);

    await userEvent.clear(name);
    await fill(name, 'Cloud Native Guild NL');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(router.current).toBe('/community/1'));
    expect(api.bodies('PUT api/community/1')[0]).toMatchObject({
      name: 'Cloud Native Guild NL',
      countryId: 1,
      communityBaseId: 1,
      // A community read before visibilities existed is public, and stays so.
      visibility: 'public',
    });
    // The save invalidated every community read: the community was (or is next) asked for again.
    await queryClient.fetchQuery(communityQueryOptions(1));
    expect(api.count('GET api/community/1')).toBe(2);
  });

  it('lets a core member who is not the lead edit, without core-member management', async () => {
    fakeApi(editRoutes);
    showEdit(coreUser);
    expect(await screen.findByRole('textbox', { name: /Name/ })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Core members' })).not.toBeInTheDocument();
  });

  it('sends someone who is not a core member of it home with a toast saying why', async () => {
    fakeApi(editRoutes);
    const { router } = showEdit(externalUser);
    await waitFor(() => expect(router.current).toBe('/'));
    expect(await screen.findByText('Not allowed')).toBeInTheDocument();
    expect(screen.getByText('Only the core members of this community and admins can edit it.')).toBeInTheDocument();
  });

  it('says when the community does not exist', async () => {
    fakeApi({ 'GET api/country': { body: countries } });
    showEdit(adminUser, '404');
    expect(await screen.findByText('This community does not exist')).toBeInTheDocument();
  });

  it('appoints a core member by e-mail, then shows the new list', async () => {
    const api = fakeApi({
      ...editRoutes,
      'POST api/community/1/core-members': {
        status: 201,
        body: { ...coreMembers[1], id: 5, email: 'new@hub.test', pending: true },
      },
      'GET api/user': { body: adminUser },
    });
    showEdit(adminUser);
    const add = await screen.findByRole('form', { name: 'Add a core member' });
    await userEvent.click(within(add).getByRole('button', { name: 'Add core member' }));
    expect(screen.getByText('Enter the e-mail address of the person to appoint.')).toBeInTheDocument();
    expect(api.count('POST api/community/1/core-members')).toBe(0);

    api.set({
      'GET api/community/1/core-members': {
        body: [
          ...coreMembers,
          { id: 5, email: 'new@hub.test', firstName: '', lastName: '', responsibleForCommunity: false, pending: true },
        ],
      },
    });
    await fill(within(add).getByRole('textbox', { name: /E-mail address/ }), 'new@hub.test');
    await userEvent.click(within(add).getByRole('button', { name: 'Add core member' }));
    expect(await screen.findByText('Not signed in yet')).toBeInTheDocument();
    expect(api.bodies('POST api/community/1/core-members')).toEqual([
      { email: 'new@hub.test', responsibleForCommunity: false },
    ]);
    expect(api.count('GET api/user')).toBe(1);
  });

  it("puts the API's refusal of an address on the address field", async () => {
    fakeApi({
      ...editRoutes,
      'POST api/community/1/core-members': {
        status: 400,
        body: { message: 'The request is invalid', details: ['body/email must match format "email"'] },
      },
    });
    showEdit(adminUser);
    const add = await screen.findByRole('form', { name: 'Add a core member' });
    const address = within(add).getByRole('textbox', { name: /E-mail address/ });
    await fill(address, 'new@hub.test');
    await userEvent.click(within(add).getByRole('button', { name: 'Add core member' }));
    expect(
      await screen.findByText('E-mail address of the new core member must match format "email".'),
    ).toBeInTheDocument();
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Could not add the core member')).toBeInTheDocument();
  });

  it('makes someone else the lead (the old lead steps down) and removes a core member', async () => {
    const api = fakeApi({
      ...editRoutes,
      'PUT api/community/1/core-members/3': { body: { ...coreMembers[1], responsibleForCommunity: true } },
      'PUT api/community/1/core-members/2': { body: { ...coreMembers[0], responsibleForCommunity: false } },
      'DELETE api/community/1/core-members/3': { status: 204 },
    });
    showEdit(leadUser);
    await userEvent.click(await screen.findByRole('button', { name: 'Make lead: Carl Core' }));
    await waitFor(() => expect(api.count('PUT api/community/1/core-members/2')).toBe(1));
    expect(api.bodies('PUT api/community/1/core-members/3')).toEqual([{ responsibleForCommunity: true }]);
    expect(api.bodies('PUT api/community/1/core-members/2')).toEqual([{ responsibleForCommunity: false }]);

    await userEvent.click(screen.getByRole('button', { name: 'Remove Carl Core as core member' }));
    await waitFor(() => expect(api.count('DELETE api/community/1/core-members/3')).toBe(1));
  });

  it('shows a refused core-member change with its message and Retry', async () => {
    fakeApi({
      ...editRoutes,
      'DELETE api/community/1/core-members/3': {
        status: 403,
        body: { message: 'Only the lead can do this', details: [] },
      },
    });
    showEdit(leadUser);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Carl Core as core member' }));
    expect(await screen.findByText('Could not remove the core member')).toBeInTheDocument();
    expect(screen.getByText('Only the lead can do this')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
