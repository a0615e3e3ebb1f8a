import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CommunityBaseId, type InvitationView } from '@hub/shared';
import { fakeApi } from '@hub/ui/testing/fake-api';
import { renderPage } from '@hub/ui/testing/render-page';
import { seriousAxeViolations } from '@hub/shared/testing/axe-violations';
import { externalUser } from '../../testing/demo-data';
import { CommunityInvitationPage } from './community-invitation-page';

jest.setTimeout(30_000);

const TOKEN = 'a'.repeat(43);
const LINK = `GET api/community-invitations/${TOKEN}`;
const USE = `POST api/community-invitations/${TOKEN}`;

function invitation(overrides: Partial<InvitationView> = {}): InvitationView {
  return {
    community: {
      id: 4,
      name: 'Quiet Architects',
      description: 'Architecture reviews among peers.',
      imageUrl: '',
      logo: null,
      cover: null,
      countryName: 'Netherlands',
      communityBaseId: CommunityBaseId.Community,
      memberCount: 6,
      visibility: 'members',
    },
    mode: 'request',
    member: false,
    request: null,
    archived: false,
    ...overrides,
  };
}

function openLink() {
  return renderPage(<CommunityInvitationPage />, {
    url: `/community-invitation/${TOKEN}`,
    pattern: '/community-invitation/:token',
    user: externalUser,
  });
}

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('CommunityInvitationPage', () => {
  it("shows the community's face, its badge and who can see it, and asks to join", async () => {
    let asked = false;
    const api = fakeApi({
      [LINK]: () => ({
        body: invitation(
          asked
            ? {
                request: {
                  status: 'pending',
                  askedAt: '2030-03-01T10:00:00.000Z',
                  decidedAt: null,
                  canAskAgainAt: null,
                },
              }
            : {},
        ),
      }),
      [USE]: () => {
        asked = true;
        return { body: { communityId: 4, outcome: 'requested' } };
      },
    });
    const { container } = openLink();
    expect(await screen.findByRole('heading', { level: 1, name: 'Quiet Architects' })).toBeInTheDocument();
    expect(screen.getByText('Members only')).toBeInTheDocument();
    expect(
      screen.getByText(/Only its members and core members \(and admins\) can find and see it\./),
    ).toBeInTheDocument();
    expect(screen.getByText('Architecture reviews among peers.')).toBeInTheDocument();
    expect(screen.getByText('6 members')).toBeInTheDocument();
    expect(screen.getByText(/approve or decline requests to join/)).toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Ask to join' }));
    expect(await screen.findByText('You asked to join')).toBeInTheDocument();
    expect(screen.getByText(/You asked on Fri, 1 Mar 2030/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ask to join' })).not.toBeInTheDocument();
    expect(api.count(USE)).toBe(1);
  });

  it('a link that joins at once says so and, once joined, opens the community', async () => {
    let joined = false;
    fakeApi({
      [LINK]: () => ({ body: invitation({ mode: 'join', member: joined }) }),
      [USE]: () => {
        joined = true;
        return { body: { communityId: 4, outcome: 'member' } };
      },
      'GET api/community/4': { body: {} },
      'GET api/community/base/1': { body: [] },
      'GET api/community': { body: [] },
      'GET api/user': { body: {} },
    });
    openLink();
    expect(await screen.findByText(/makes you a member at once/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Join Quiet Architects' }));
    expect(await screen.findByText('You are a member')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Quiet Architects' })).toHaveAttribute('href', '/community/4');
    expect(screen.queryByRole('button', { name: 'Join Quiet Architects' })).not.toBeInTheDocument();
  });

  it('after a decline, says from when the person may ask again, and offers nothing to click', async () => {
    fakeApi({
      [LINK]: {
        body: invitation({
          request: {
            status: 'declined',
            askedAt: '2030-03-01T10:00:00.000Z',
            decidedAt: '2030-03-02T10:00:00.000Z',
            canAskAgainAt: '2030-03-09T10:00:00.000Z',
          },
        }),
      },
    });
    openLink();
    expect(await screen.findByText('Your request was declined')).toBeInTheDocument();
    expect(screen.getByText(/You can ask again from Sat, 9 Mar 2030/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ask to join' })).not.toBeInTheDocument();
  });

  it('a link that does not work says so, without naming any community', async () => {
    fakeApi({
      [LINK]: {
        status: 404,
        body: { message: 'This invitation link does not work: it may have been replaced by a newer one', details: [] },
      },
    });
    openLink();
    expect(await screen.findByText('This invitation link does not work')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All communities' })).toHaveAttribute('href', '/communities');
  });
});
