/**
 * Issue 28, "Download my data": the export (GET api/user/export) and the person's events as one
 * calendar (GET api/user/export/events.ics), each saved as a file. A mutation, not a query: the
 * answers are never kept in the query cache (nor in its offline copy).
 */
import { useMutation } from '@tanstack/react-query';
import type { MyDataExport } from '@hub/contract/my-data';
import { logout } from '../auth/session-actions';
import { saveAsFile } from '../files/save-as-file';
import { apiFetch } from '../http/api-fetch';

export function getMyDataExport(): Promise<MyDataExport> {
  return apiFetch<MyDataExport>('api/user/export', { cache: 'no-store' });
}

export function getMyEventsCalendar(): Promise<string> {
  return apiFetch<string>('api/user/export/events.ics', { cache: 'no-store', headers: { Accept: 'text/calendar' } });
}

/** The two files' names, dated in the person's own calendar. */
export function myDataFileNames(now = new Date()): { json: string; ics: string } {
  const day = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  return { json: `community-hub-my-data-${day}.json`, ics: `community-hub-my-events-${day}.ics` };
}

/** Reads both and saves them as two downloads; the JSON indented, to be read by a person too. */
export async function downloadMyData(): Promise<void> {
  const [data, calendar] = await Promise.all([getMyDataExport(), getMyEventsCalendar()]);
  const names = myDataFileNames();
  saveAsFile(names.json, `${JSON.stringify(data, null, 2)}\n`, 'application/json');
  saveAsFile(names.ics, calendar, 'text/calendar;charset=utf-8');
}

export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData });
}

/** DELETE api/user: the caller's account goes (services/account-deletion.ts). */
export function deleteMyAccount(): Promise<void> {
  return apiFetch<void>('api/user', { method: 'DELETE' });
}

/**
 * Deletes the account, then ends the session as Log Out does (session-actions.ts): the answers kept
 * on the device, the drafts, the pages read and the last page visited are deleted, the provider's
 * session ended, and the page reloaded at `/`. The service worker keeps no signed-in answer
 * (host/src/service-worker/caching-rules.ts), so nothing of the account is left in its caches.
 */
export function useDeleteMyAccount() {
  return useMutation({ mutationFn: deleteMyAccount, onSuccess: () => logout() });
}
