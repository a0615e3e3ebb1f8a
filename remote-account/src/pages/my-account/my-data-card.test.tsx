import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { draftKey, myDataFileNames, readDraft, saveDraft, setSignOutProvider } from '@hub/shared';
import { seriousAxeViolations } from '@hub/shared/testing/axe-violations';
import { withSignedInApi } from '@hub/ui/testing/api-session';
import { fakeApi } from '@hub/ui/testing/fake-api';
import { aUser, renderPage } from '@hub/ui/testing/render-page';
import { deletionConsequences } from './delete-account-dialog';
import { MyDataCard } from './my-data-card';

jest.setTimeout(20_000);
withSignedInApi();

const exported = { exportedAt: '2026-11-27T10:00:00.000Z', profile: { email: 'me@hub.test' }, attendances: [] };
const calendar = 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n';

/** The files the page handed to the browser's download: name, type and text. */
function captureDownloads() {
  const saved: { name: string; type: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  Object.assign(URL, {
    createObjectURL: jest.fn((blob: Blob) => {
      const url = `blob:file-${blobs.size}`;
      blobs.set(url, blob);
      return url;
    }),
    revokeObjectURL: jest.fn(),
  });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href)!;
    saved.push({ name: this.download, type: blob.type, blob });
  });
  return saved;
}

const textOf = (blob: Blob) => blob.text();

afterEach(() => jest.restoreAllMocks());

describe('MyDataCard', () => {
  it('downloads the export as JSON and the events as .ics, without keeping them', async () => {
    const api = fakeApi({
      'GET api/user/export': { body: exported },
      'GET api/user/export/events.ics': { body: calendar, contentType: 'text/calendar' },
    });
    const saved = captureDownloads();
    const { container } = renderPage(<MyDataCard />, { user: aUser() });
    expect(await seriousAxeViolations(container)).toEqual([]);
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Download my data' }));
    await screen.findByText('Your data was downloaded');
    const names = myDataFileNames();
    expect(saved.map((f) => [f.name, f.type])).toEqual([
      [names.json, 'application/json'],
      [names.ics, 'text/calendar;charset=utf-8'],
    ]);
    expect(JSON.parse(await textOf(saved[0]!.blob))).toEqual(exported);
    expect(await textOf(saved[1]!.blob)).toBe(calendar);
    // Each read asked once, past any cache.
    expect(api.requests('GET api/user/export').map((r) => r.cache)).toEqual(['no-store']);
    expect(api.count('GET api/user/export/events.ics')).toBe(1);
  });

  it('says so when the export fails, and saves nothing', async () => {
    fakeApi({
      'GET api/user/export': { status: 500, body: { message: 'Down', details: [] } },
      'GET api/user/export/events.ics': { body: calendar, contentType: 'text/calendar' },
    });
    const saved = captureDownloads();
    renderPage(<MyDataCard />, { user: aUser() });
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Could not download your data')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });
});

describe('Delete my account', () => {
  it('says what happens, and keeping the account sends nothing', async () => {
    const api = fakeApi({});
    renderPage(<MyDataCard />, { user: aUser() });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    for (const text of deletionConsequences) expect(within(dialog).getByText(text)).toBeInTheDocument();
    expect(await seriousAxeViolations(dialog)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Keep my account' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.count()).toBe(0);
  });

  it('deletes the account, then clears the saved data and signs out', async () => {
    const api = fakeApi({ 'DELETE api/user': { status: 204 } });
    const signOut = jest.fn(() => Promise.resolve());
    setSignOutProvider(signOut);
    saveDraft(draftKey('u1', 'event:new'), { title: 'Half written' });
    renderPage(<MyDataCard />, { user: aUser() });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
    expect(api.count('DELETE api/user')).toBe(1);
    expect(readDraft(draftKey('u1', 'event:new'))).toBeNull();
  });

  it('shows a refusal in the dialog and keeps the session', async () => {
    fakeApi({ 'DELETE api/user': { status: 503, body: { message: 'Try again later', details: [] } } });
    const signOut = jest.fn(() => Promise.resolve());
    setSignOutProvider(signOut);
    renderPage(<MyDataCard />, { user: aUser() });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('Your account was not deleted')).toBeInTheDocument();
    expect(signOut).not.toHaveBeenCalled();
  });
});
