import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MailPreferences,
  MailPreferencesInput,
  NewsChoice,
  UnsubscribeAnswer,
} from '@hub/contract/mail-preferences';
import { apiFetch } from '../http/api-fetch';
import { userKeys } from './query-keys';

/** GET api/user/mail-preferences: each kind of mail switched on or off, each joined community's news choice. */
export function getMailPreferences(): Promise<MailPreferences> {
  return apiFetch<MailPreferences>('api/user/mail-preferences');
}

/** PUT api/user/mail-preferences: changes what it is given and answers the whole preferences. */
export function saveMailPreferences(input: MailPreferencesInput): Promise<MailPreferences> {
  return apiFetch<MailPreferences>('api/user/mail-preferences', { method: 'PUT', json: input });
}

export const mailPreferencesQueryOptions = () =>
  queryOptions({ queryKey: userKeys.mailPreferences(), queryFn: getMailPreferences });

export function useMailPreferences() {
  return useQuery(mailPreferencesQueryOptions());
}

/** Saves, and keeps the answer as the query's data (the screen shows what the API stored). */
export function useSaveMailPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveMailPreferences,
    onSuccess: (saved) => client.setQueryData(userKeys.mailPreferences(), saved),
  });
}

const tokenQuery = (token: string) => `?token=${encodeURIComponent(token)}`;

/** POST api/mail/unsubscribe?token=…: stops what the mail's signed token names; no sign-in needed. */
export function unsubscribeByToken(token: string): Promise<UnsubscribeAnswer> {
  return apiFetch<UnsubscribeAnswer>(`api/mail/unsubscribe${tokenQuery(token)}`, { method: 'POST' });
}

/** POST api/mail/resubscribe?token=…: the undo, restoring a community's earlier news choice. */
export function resubscribeByToken(
  token: string,
  newsChoice?: Exclude<NewsChoice, 'none'>,
): Promise<UnsubscribeAnswer> {
  return apiFetch<UnsubscribeAnswer>(`api/mail/resubscribe${tokenQuery(token)}`, {
    method: 'POST',
    json: newsChoice ? { newsChoice } : {},
  });
}

/** The unsubscribe page's two actions; a signed-in person's preferences are read again after either. */
export function useUnsubscribeByToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: unsubscribeByToken,
    onSettled: () => client.invalidateQueries({ queryKey: userKeys.mailPreferences() }),
  });
}

export function useResubscribeByToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ token, newsChoice }: { token: string; newsChoice?: Exclude<NewsChoice, 'none'> }) =>
      resubscribeByToken(token, newsChoice),
    onSettled: () => client.invalidateQueries({ queryKey: userKeys.mailPreferences() }),
  });
}
