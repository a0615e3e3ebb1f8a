import { screen, waitFor, within } from '@testing-library/react';
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

const auditUrl = '/admin-dashboard?view=audit';
const users = { body: { items: adminUsers, total: 3, page: 1, pageSize: 10 } };

describe('AdminDashboardPage, audit log', () => {
  it('lists what staff did, newest first: when, who, the action and what', async () => {
    const api = fakeApi({
      'GET api/admin/audit-log': { body: { items: auditEntries, nextCursor: null } },
      'GET api/admin/users': users,
    });
    const { container } = renderPage(<AdminDashboardPage />, { user: adminMe, url: auditUrl });
    expect(screen.getByRole('progressbar', { name: 'Loading the audit log' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Audit log' });
    expect(document.title).toBe('Audit log · Admin dashboard · Community Hub');
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'WhenWhoActionWhat',
      'Tue, 5 Mar 2030, 09:30 UTCAdmin, Ada (admin@hub.test)Roles changedRoles of ext@partner.test: External → Admin, External',
      'Mon, 4 Mar 2030, 18:00 UTCLead, Lea (lead@hub.test)Attendee checked inChecked in Eve Extern at Cloud Night',
    ]);
    expect(api.requests('GET api/admin/audit-log').map((r) => r.route)).toEqual([
      'GET api/admin/audit-log?pageSize=25',
    ]);
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('filters by action and by who did it, on the server, and clears the filters', async () => {
    const api = fakeApi({
      'GET api/admin/audit-log': { body: { items: auditEntries, nextCursor: null } },
      'GET api/admin/users': users,
    });
    renderPage(<AdminDashboardPage />, { user: adminMe, url: auditUrl });
    await screen.findByRole('table', { name: 'Audit log' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Action' }));
    await userEvent.click(screen.getByRole('option', { name: 'Roles changed' }));
    await waitFor(() =>
      expect(api.requests('GET api/admin/audit-log').at(-1)!.route).toBe(
        'GET api/admin/audit-log?action=user.roles.change&pageSize=25',
      ),
    );
    await userEvent.type(screen.getByRole('combobox', { name: 'Who' }), 'lea');
    await userEvent.click(await screen.findByRole('option', { name: /Lea Lead/ }));
    await waitFor(() =>
      expect(api.requests('GET api/admin/audit-log').at(-1)!.route).toBe(
        'GET api/admin/audit-log?action=user.roles.change&actorId=2&pageSize=25',
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Clear the filters' }));
    await waitFor(() =>
      expect(api.requests('GET api/admin/audit-log').at(-1)!.route).toBe('GET api/admin/audit-log?pageSize=25'),
    );
  });

  it('pages back in time with the API’s cursor, and forward again', async () => {
    const api = fakeApi({
      'GET api/admin/audit-log': ({ request }) =>
        new URL(request.url).searchParams.get('before') === '40'
          ? { body: { items: [{ ...auditEntries[1]!, id: 12, summary: 'An older entry' }], nextCursor: null } }
          : { body: { items: auditEntries, nextCursor: 40 } },
    });
    renderPage(<AdminDashboardPage />, { user: adminMe, url: auditUrl });
    await screen.findByRole('table', { name: 'Audit log' });
    expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('An older entry')).toBeInTheDocument();
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    expect(api.requests('GET api/admin/audit-log').at(-1)!.route).toBe('GET api/admin/audit-log?before=40&pageSize=25');
    await userEvent.click(screen.getByRole('button', { name: 'Newer' }));
    expect(await screen.findByText('Checked in Eve Extern at Cloud Night')).toBeInTheDocument();
  });

  it('says when nothing is recorded, and shows a failure with Retry', async () => {
    const api = fakeApi({ 'GET api/admin/audit-log': { status: 503, body: { message: 'Unavailable', details: [] } } });
    renderPage(<AdminDashboardPage />, { user: adminMe, url: auditUrl });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the audit log Unavailable');
    api.set({ 'GET api/admin/audit-log': { body: { items: [], nextCursor: null } } });
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Nothing has been recorded yet')).toBeInTheDocument();
  });
});
