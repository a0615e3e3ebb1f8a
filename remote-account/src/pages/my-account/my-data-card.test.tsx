import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { myDataFileNames } from '@hub/shared';
import { seriousAxeViolations } from '@hub/shared/testing/axe-violations';
import { withSignedInApi } from '@hub/ui/testing/api-session';
import { fakeApi } from '@hub/ui/testing/fake-api';
import { aUser, renderPage } from '@hub/ui/testing/render-page';
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
