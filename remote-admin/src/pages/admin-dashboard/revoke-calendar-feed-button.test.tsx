import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { showConfirm } from '@hub/shared';
import { fakeApi } from '@hub/ui/testing/fake-api';
import { renderPage } from '@hub/ui/testing/render-page';
import { seriousAxeViolations } from '@hub/shared/testing/axe-violations';
import { adminMe, adminUsers } from '../../testing/admin-data';
import { AdminDashboardPage } from './admin-dashboard-page';

jest.setTimeout(30_000);

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

const usersApi = { 'GET api/admin/users': { body: { items: adminUsers, total: 3, page: 1, pageSize: 20 } } };
const usersUrl = '/admin-dashboard?view=users';
const revokeLea = () => screen.findByRole('button', { name: 'Revoke feed of Lea Lead' });

describe("AdminDashboardPage, users: revoking a user's calendar feed", () => {
  it('asks first, revokes only after Yes, and says what happened', async () => {
    const api = fakeApi({
      ...usersApi,
      'DELETE api/admin/users/2/calendar-feed': { body: { userId: 2, revoked: true } },
    });
    const { container } = renderPage(<AdminDashboardPage />, { user: adminMe, url: usersUrl });
    const clicker = userEvent.setup({ delay: null });
    const grid = await screen.findByRole('grid', { name: 'Users' });
    expect(within(grid).getByRole('columnheader', { name: 'Calendar feed' })).toBeInTheDocument();

    jest.mocked(showConfirm).mockResolvedValueOnce(false);
    await clicker.click(await revokeLea());
    expect(showConfirm).toHaveBeenCalledWith({
      title: 'Revoke the calendar feed of Lea Lead?',
      subtitle:
        'Their private calendar address stops working at once: calendars subscribed to it stop receiving their events. They can create a new address on their personal page.',
    });
    expect(api.count('DELETE api/admin/users/2/calendar-feed')).toBe(0);

    jest.mocked(showConfirm).mockResolvedValueOnce(true);
    await clicker.click(await revokeLea());
    expect(await screen.findByText('Calendar feed revoked')).toBeInTheDocument();
    expect(screen.getByText('The calendar address of Lea Lead no longer works.')).toBeInTheDocument();
    expect(api.count('DELETE api/admin/users/2/calendar-feed')).toBe(1);
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('says so when the user had no feed', async () => {
    fakeApi({ ...usersApi, 'DELETE api/admin/users/2/calendar-feed': { body: { userId: 2, revoked: false } } });
    renderPage(<AdminDashboardPage />, { user: adminMe, url: usersUrl });
    jest.mocked(showConfirm).mockResolvedValueOnce(true);
    await userEvent.setup({ delay: null }).click(await revokeLea());
    expect(await screen.findByText('Lea Lead has no calendar feed')).toBeInTheDocument();
    expect(screen.getByText('There was nothing to revoke.')).toBeInTheDocument();
  });

  it('says what went wrong and what to do when the revoke fails', async () => {
    fakeApi({
      ...usersApi,
      'DELETE api/admin/users/2/calendar-feed': { status: 503, body: { message: 'Service unavailable', details: [] } },
    });
    renderPage(<AdminDashboardPage />, { user: adminMe, url: usersUrl });
    jest.mocked(showConfirm).mockResolvedValueOnce(true);
    await userEvent.setup({ delay: null }).click(await revokeLea());
    expect(await screen.findByText('Could not revoke the calendar feed')).toBeInTheDocument();
    expect(screen.getByText('Service unavailable Try again in a moment.')).toBeInTheDocument();
  });
});
