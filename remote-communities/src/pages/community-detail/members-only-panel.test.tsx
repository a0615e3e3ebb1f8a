import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dialogQueueAtom, hubStore, settleDialog, type PendingJoinRequest } from '@hub/shared';
import { fakeApi } from '@hub/ui/testing/fake-api';
import { renderPage } from '@hub/ui/testing/render-page';
import { seriousAxeViolations } from '@hub/shared/testing/axe-violations';
import { leadUser } from '../../testing/demo-data';
import { MembersOnlyPanel } from './members-only-panel';

jest.setTimeout(30_000);

const TOKEN = 'b'.repeat(43);
const request: PendingJoinRequest = {
  id: 12,
  user: { id: 40, firstName: 'Pat', lastName: 'Asker', email: 'pat@example.test', imageUrl: '' },
  askedAt: '2030-03-01T10:00:00.000Z',
};

function showPanel() {
  return renderPage(<MembersOnlyPanel communityId={1} communityName="Cloud Native Guild" />, {
    url: '/community/1',
    pattern: '/community/:id',
    user: leadUser,
  });
}

async function answerConfirm(yes: boolean, text: RegExp) {
  await waitFor(() => expect(hubStore.get(dialogQueueAtom)).toHaveLength(1));
  const [dialog] = hubStore.get(dialogQueueAtom);
  expect(dialog).toMatchObject({ request: { kind: 'confirm', subtitle: expect.stringMatching(text) } });
  act(() => settleDialog(dialog!.id, yes));
}

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('MembersOnlyPanel', () => {
  it('makes a link that joins at once, shows it once to copy, and stops it after asking', async () => {
    const api = fakeApi({
      'GET api/community/1/invitation': { body: { active: false, mode: null, createdAt: null } },
      'POST api/community/1/invitation': ({ body }) => ({
        body: { token: TOKEN, mode: (body as { mode: string }).mode, createdAt: '2030-03-01T10:00:00.000Z' },
      }),
      'DELETE api/community/1/invitation': { body: { active: false, mode: null, createdAt: null } },
      'GET api/community/1/join-requests': { body: [] },
    });
    const { container } = showPanel();
    expect(await screen.findByText(/There is no invitation link yet/)).toBeInTheDocument();
    expect(await screen.findByText('No requests waiting')).toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);

    await userEvent.click(screen.getByRole('radio', { name: /Joins at once/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Make the link' }));
    const link = await screen.findByRole('textbox', { name: 'The invitation link (shown this once)' });
    expect(link).toHaveValue(`${window.location.origin}/community-invitation/${TOKEN}`);
    expect(api.bodies('POST api/community/1/invitation')).toEqual([{ mode: 'join' }]);
    expect(screen.getByText(/A link that joins at once works since Fri, 1 Mar 2030/)).toBeInTheDocument();

    // A new one asks first: the shared one stops working.
    await userEvent.click(screen.getByRole('button', { name: 'Make a new link' }));
    await answerConfirm(false, /stops working at once/);
    expect(api.count('POST api/community/1/invitation')).toBe(1);

    await userEvent.click(screen.getByRole('button', { name: 'Stop the link' }));
    await answerConfirm(true, /Nobody can join or ask through it/);
    await waitFor(() => expect(api.count('DELETE api/community/1/invitation')).toBe(1));
    expect(await screen.findByText(/There is no invitation link yet/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /The invitation link/ })).not.toBeInTheDocument();
  });

  it('lists the pending requests; approving and declining each is one call, then the list is read again', async () => {
    let pending = [
      request,
      { ...request, id: 13, user: { ...request.user, id: 41, firstName: 'Sam', email: 'sam@example.test' } },
    ];
    const api = fakeApi({
      'GET api/community/1/invitation': {
        body: { active: true, mode: 'request', createdAt: '2030-02-01T10:00:00.000Z' },
      },
      'GET api/community/1/join-requests': () => ({ body: pending }),
      'POST api/community/1/join-requests/12/approve': () => {
        pending = pending.filter((r) => r.id !== 12);
        return { body: { id: 12, status: 'approved' } };
      },
      'POST api/community/1/join-requests/13/decline': () => {
        pending = pending.filter((r) => r.id !== 13);
        return { body: { id: 13, status: 'declined' } };
      },
      'GET api/community/1': { body: {} },
    });
    showPanel();
    const list = await screen.findByRole('list', { name: 'Requests to join Cloud Native Guild' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('Pat Asker')).toBeInTheDocument();
    expect(within(list).getByText('pat@example.test · asked on Fri, 1 Mar 2030')).toBeInTheDocument();
    expect(screen.getByText(/A link that asks to join works since/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Approve Pat Asker' }));
    await waitFor(() => expect(screen.queryByText('Pat Asker')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Decline Sam Asker' }));
    expect(await screen.findByText('No requests waiting')).toBeInTheDocument();
    expect(api.count('POST api/community/1/join-requests/12/approve')).toBe(1);
    expect(api.count('POST api/community/1/join-requests/13/decline')).toBe(1);
  });
});
