import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { showConfirm } from '@hub/shared';
import { fakeApi } from '@hub/ui/testing/fake-api';
import { renderPage } from '@hub/ui/testing/render-page';
import { adminMe, adminUsers } from '../../testing/admin-data';
import { AdminDashboardPage } from './admin-dashboard-page';
import { deleteAccountTexts } from './delete-user-account-button';

jest.setTimeout(30_000);

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

const usersApi = { 'GET api/admin/users': { body: { items: adminUsers, total: 3, page: 1, pageSize: 20 } } };
const usersUrl = '/admin-dashboard?view=users';
const deleteLea = () => screen.findByRole('button', { name: 'Delete account of Lea Lead' });

describe("AdminDashboardPage, users: deleting a user's account (issue 28)", () => {
  it('asks first with what happens, deletes only after Yes, and re-reads the users', async () => {
    const api = fakeApi({ ...usersApi, 'DELETE api/admin/users/2': { status: 204 } });
    renderPage(<AdminDashboardPage />, { user: adminMe, url: usersUrl });
    const clicker = userEvent.setup({ delay: null });
    const grid = await screen.findByRole('grid', { name: 'Users' });
    expect(within(grid).getByRole('columnheader', { name: 'Account' })).toBeInTheDocument();

    jest.mocked(showConfirm).mockResolvedValueOnce(false);
    await clicker.click(await deleteLea());
    expect(showConfirm).toHaveBeenCalledWith({
      title: 'Delete the account of Lea Lead?',
      subtitle: deleteAccountTexts.confirmSubtitle,
    });
    expect(api.count('DELETE api/admin/users/2')).toBe(0);

    const readsBefore = api.count('GET api/admin/users');
    jest.mocked(showConfirm).mockResolvedValueOnce(true);
    await clicker.click(await deleteLea());
    expect(await screen.findByText('Account deleted')).toBeInTheDocument();
    expect(screen.getByText('The account of Lea Lead is deleted.')).toBeInTheDocument();
    expect(api.count('DELETE api/admin/users/2')).toBe(1);
    expect(api.count('GET api/admin/users')).toBeGreaterThan(readsBefore);
  });

  it('says what went wrong when the deletion fails', async () => {
    fakeApi({
      ...usersApi,
      'DELETE api/admin/users/2': { status: 503, body: { message: 'Service unavailable', details: [] } },
    });
    renderPage(<AdminDashboardPage />, { user: adminMe, url: usersUrl });
    jest.mocked(showConfirm).mockResolvedValueOnce(true);
    await userEvent.setup({ delay: null }).click(await deleteLea());
    expect(await screen.findByText('Could not delete the account')).toBeInTheDocument();
    expect(screen.getByText('Service unavailable Try again in a moment.')).toBeInTheDocument();
  });
});
