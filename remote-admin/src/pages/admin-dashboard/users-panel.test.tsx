import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '@hub/ui/testing/fake-api';
import { renderPage } from '@hub/ui/testing/render-page';
import { seriousAxeViolations } from '@hub/shared/testing/axe-violations';
import { adminMe, adminUsers, auditEntries } from '../../testing/admin-data';
import { AdminDashboardPage } from './admin-dashboard-page';

jest.setTimeout(30_000);

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

const page = (items = adminUsers, total = items.length) => ({ body: { items, total, page: 1, pageSize: 20 } });
const usersUrl = '/admin-dashboard?view=users';
const grid = () => screen.getByRole('grid', { name: 'Users' });
const rowOf = (email: string) => within(grid()).getByText(email).closest('[role="row"]') as HTMLElement;

describe('AdminDashboardPage, users', () => {
  it('lists the users of the first page, sorted by name by the API, with their roles', async () => {
    const api = fakeApi({ 'GET api/admin/users': page(adminUsers, 45) });
    const { container } = renderPage(<AdminDashboardPage />, { user: adminMe, url: usersUrl });
    expect(screen.getByRole('progressbar', { name: 'Loading the users' })).toBeInTheDocument();
    expect(await screen.findByRole('grid', { name: 'Users' })).toBeInTheDocument();
    expect(document.title).toBe('Users · Admin dashboard · Community Hub');
    expect(api.requests('GET api/admin/users').map((r) => r.route)).toEqual([
      'GET api/admin/users?sort=name&order=asc&page=1&pageSize=20',
    ]);
    expect(rowOf('admin@hub.test')).toHaveTextContent('Admin, Ada (you)');
    expect(rowOf('lead@hub.test')).toHaveTextContent('Core memberCapgemini staff');
    expect(rowOf('ext@partner.test')).toHaveTextContent('Not signed in yet');
    expect(screen.getByText('45 users')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('searches, filters by role, sorts and pages on the server', async () => {
    const api = fakeApi({ 'GET api/admin/users': page(adminUsers, 45) });
    renderPage(<AdminDashboardPage />, { user: adminMe, url: usersUrl });
    await screen.findByRole('grid', { name: 'Users' });

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByText('Page 2 of 3')).toBeInTheDocument());
    await userEvent.click(within(grid()).getByRole('columnheader', { name: /E-mail/ }));
    await userEvent.click(within(grid()).getByRole('columnheader', { name: /E-mail/ }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Role' }));
    await userEvent.click(screen.getByRole('option', { name: 'Core member' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by name or e-mail' }), 'lea');
    await waitFor(() =>
      expect(api.requests('GET api/admin/users').at(-1)!.route).toBe(
        'GET api/admin/users?q=lea&role=1&sort=email&order=desc&page=1&pageSize=20',
      ),
    );
    const routes = api.requests('GET api/admin/users').map((r) => r.route);
    expect(routes).toContain('GET api/admin/users?sort=name&order=asc&page=2&pageSize=20');
    expect(routes).toContain('GET api/admin/users?sort=email&order=asc&page=1&pageSize=20');
    expect(routes).toContain('GET api/admin/users?role=1&sort=email&order=desc&page=1&pageSize=20');
    // One request per pause in typing, not per key, is proven with a fake clock in
    // use-debounced-value.test.ts: here a loaded machine may pause between keys.
  });

  it('says when no user matches', async () => {
    fakeApi({ 'GET api/admin/users': page([], 0) });
    renderPage(<AdminDashboardPage />, { user: adminMe, url: `${usersUrl}` });
    expect(await screen.findByText('No users yet')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by name or e-mail' }), 'zz');
    expect(await screen.findByText('No user matches')).toBeInTheDocument();
  });

  it('shows a failure with Retry', async () => {
    const api = fakeApi({ 'GET api/admin/users': { status: 500, body: { message: 'Boom', details: [] } } });
    renderPage(<AdminDashboardPage />, { user: adminMe, url: usersUrl });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the users Boom');
    api.set({ 'GET api/admin/users': page() });
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('grid', { name: 'Users' })).toBeInTheDocument();
  });

  it('changes a user’s roles after a confirm, then re-reads the users and the audit log', async () => {
    const promoted = { ...adminUsers[2]!, roles: [0, 3] };
    const api = fakeApi({
      'GET api/admin/users': page(),
      'PUT api/admin/users/3/roles': { body: promoted },
      'GET api/admin/audit-log': { body: { items: auditEntries, nextCursor: null } },
    });
    const { router } = renderPage(<AdminDashboardPage />, { user: adminMe, url: usersUrl });
    await screen.findByRole('grid', { name: 'Users' });
    // Opened with a plain click: userEvent's pointer sequence on the trigger makes tabster (in jsdom
    // only) mark the just-opened modal aria-hidden; the e2e opens it in Chromium with a real click.
    fireEvent.click(within(rowOf('ext@partner.test')).getByRole('button', { name: 'Change roles of Eve Extern' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roles of Eve Extern' });
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Admin' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const confirm = await screen.findByRole('dialog', { name: 'Change the roles of Eve Extern?' });
    expect(confirm).toHaveTextContent('From External to Admin, External.');
    expect(api.count('PUT api/admin/users/3/roles')).toBe(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Change roles' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.bodies('PUT api/admin/users/3/roles')).toEqual([{ roles: [0, 3] }]);
    await waitFor(() => expect(api.count('GET api/admin/users')).toBe(2));
    expect(await screen.findByText('Roles changed')).toBeInTheDocument();

    await router.navigate('/admin-dashboard?view=audit');
    expect(await screen.findByText('Roles of ext@partner.test: External → Admin, External')).toBeInTheDocument();
  });

  it('names each row’s button by its visible text first (WCAG 2.5.3) and puts the dialog’s primary button last', async () => {
    fakeApi({ 'GET api/admin/users': page() });
    renderPage(<AdminDashboardPage />, { user: adminMe, url: usersUrl });
    await screen.findByRole('grid', { name: 'Users' });
    // (axe's label-in-name rule needs layout that jsdom lacks: the e2e axe check runs it in Chromium.)
    const button = within(rowOf('ext@partner.test')).getByRole('button', { name: 'Change roles of Eve Extern' });
    expect(button).toHaveTextContent(/^Change roles$/);

    fireEvent.click(button);
    // The dialog's buttons in their order on screen: the primary (Continue, Change roles) last.
    const actionNames = (dialog: HTMLElement) =>
      within(dialog.querySelector('.fui-DialogActions') as HTMLElement)
        .getAllByRole('button')
        .map((b) => b.textContent);
    const dialog = await screen.findByRole('dialog', { name: 'Roles of Eve Extern' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Admin' }));
    expect(actionNames(dialog)).toEqual(['Cancel', 'Continue']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const confirm = await screen.findByRole('dialog', { name: 'Change the roles of Eve Extern?' });
    expect(actionNames(confirm)).toEqual(['Back', 'Change roles']);
  });

  it('an admin removing their own admin role is refused: the dialog says why', async () => {
    fakeApi({
      'GET api/admin/users': page(),
      'PUT api/admin/users/1/roles': {
        status: 409,
        body: { message: 'You cannot remove your own admin role', details: [] },
      },
    });
    renderPage(<AdminDashboardPage />, { user: adminMe, url: usersUrl });
    await screen.findByRole('grid', { name: 'Users' });
    fireEvent.click(within(rowOf('admin@hub.test')).getByRole('button', { name: /^Change roles of/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Roles of Ada Admin' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Admin' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const confirm = await screen.findByRole('dialog', { name: 'Change the roles of Ada Admin?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Change roles' }));
    const alert = await within(confirm).findByRole('alert');
    expect(alert).toHaveTextContent('You cannot remove your own admin role');
    expect(alert).toHaveTextContent(
      'An admin cannot remove their own admin role, so that the platform is never left without an admin who can sign in. Ask another admin to change it.',
    );
    expect(within(confirm).getByRole('button', { name: 'Change roles' })).toBeDisabled();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('dialog', { name: 'Roles of Ada Admin' })).toBeInTheDocument();
  });
});
