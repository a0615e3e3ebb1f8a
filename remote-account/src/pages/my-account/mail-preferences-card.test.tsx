import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MailPreferences } from '@hub/contract/mail-preferences';
import { seriousAxeViolations } from '@hub/shared/testing/axe-violations';
import { withSignedInApi } from '@hub/ui/testing/api-session';
import { fakeApi } from '@hub/ui/testing/fake-api';
import { aUser, renderPage } from '@hub/ui/testing/render-page';
import { MailPreferencesCard } from './mail-preferences-card';

jest.setTimeout(20_000);
withSignedInApi();

const preferences: MailPreferences = {
  kinds: {
    reminders: true,
    'community-news': true,
    'organiser-messages': true,
    announcements: true,
    digest: true,
    'join-requests': true,
  },
  communities: [
    { communityId: 2, communityName: 'Java Community', baseName: 'Community', choice: 'digest' },
    { communityId: 13, communityName: 'Women in Tech', baseName: 'Network', choice: 'now' },
  ],
};

describe('MailPreferencesCard', () => {
  it('offers the switch of join-request notices to core members only (issue 28: they alone get them)', async () => {
    fakeApi({ 'GET api/user/mail-preferences': { body: preferences } });
    const { unmount } = renderPage(<MailPreferencesCard />, { user: aUser() });
    expect(await screen.findByRole('switch', { name: 'Reminders' })).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Requests to join' })).not.toBeInTheDocument();
    unmount();
    renderPage(<MailPreferencesCard />, {
      user: aUser({ coreMemberOfCommunities: [{ communityId: 2, responsibleForCommunity: false }] }),
    });
    expect(await screen.findByRole('switch', { name: 'Requests to join' })).toBeChecked();
  });

  it('shows a switch per kind and a choice per community, and saves what changed', async () => {
    const api = fakeApi({
      'GET api/user/mail-preferences': { body: preferences },
      'PUT api/user/mail-preferences': ({ body }) => {
        const input = body as {
          kinds: MailPreferences['kinds'];
          communities: { communityId: number; choice: string }[];
        };
        return {
          body: {
            kinds: input.kinds,
            communities: preferences.communities.map((c) => ({
              ...c,
              choice: input.communities.find((x) => x.communityId === c.communityId)!.choice,
            })),
          },
        };
      },
    });
    const { container } = renderPage(<MailPreferencesCard />, { user: aUser() });
    const form = await screen.findByRole('form', { name: 'Mail preferences' });
    const reminders = within(form).getByRole('switch', { name: 'Reminders' });
    expect(reminders).toBeChecked();
    expect(within(form).getAllByRole('switch')).toHaveLength(5);
    const java = within(form).getByRole('radiogroup', { name: 'Java Community (community)' });
    expect(within(java).getByRole('radio', { name: 'In the weekly digest' })).toBeChecked();
    const women = within(form).getByRole('radiogroup', { name: 'Women in Tech (network)' });
    expect(within(women).getByRole('radio', { name: 'At once' })).toBeChecked();
    expect(await seriousAxeViolations(container)).toEqual([]);

    const user = userEvent.setup({ delay: null });
    await user.click(reminders);
    await user.click(within(java).getByRole('radio', { name: 'Not at all' }));
    await user.click(within(form).getByRole('button', { name: 'Save mail preferences' }));
    await screen.findByText('Mail preferences saved');
    expect(api.bodies('PUT api/user/mail-preferences')).toEqual([
      {
        kinds: { ...preferences.kinds, reminders: false },
        communities: [
          { communityId: 2, choice: 'none' },
          { communityId: 13, choice: 'now' },
        ],
      },
    ]);
    expect(within(form).getByRole('switch', { name: 'Reminders' })).not.toBeChecked();
  });

  it('says when the preferences could not be loaded, and loads them again on request', async () => {
    const api = fakeApi({ 'GET api/user/mail-preferences': { status: 500, body: { message: 'Down', details: [] } } });
    renderPage(<MailPreferencesCard />, { user: aUser() });
    expect(await screen.findByText('Could not load your mail preferences')).toBeInTheDocument();
    api.set({ 'GET api/user/mail-preferences': { body: preferences } });
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: /Retry/ }));
    await waitFor(() => expect(screen.getByRole('form', { name: 'Mail preferences' })).toBeInTheDocument());
  });
});
