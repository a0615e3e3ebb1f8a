import { screen } from '@testing-library/react';
import { CommunityBaseId } from '@hub/shared';
import { renderPage } from '@hub/ui/testing/render-page';
import { community } from '../testing/demo-data';
import { MEMBERS_JOIN_SENTENCE } from './audience-sentence';
import { CommunityFacts } from './community-facts';

describe('the facts under a community’s name', () => {
  it('says its kind (the base’s own name when read), who may see it, its country as given and its members', () => {
    const { container } = renderPage(
      <CommunityFacts
        community={community({ visibility: 'members', memberCount: 1 })}
        base={{ id: 1, name: 'Guild' }}
        country={<a href="/countries/nl">Netherlands</a>}
      />,
    );
    expect(screen.getByText('Guild')).toBeInTheDocument();
    expect(screen.getByText('Members only')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Netherlands' })).toHaveAttribute('href', '/countries/nl');
    expect(screen.getByText('1 member')).toBeInTheDocument();
    expect(container.querySelector('[data-audience="members"]')).toHaveTextContent(MEMBERS_JOIN_SENTENCE);
  });

  it('names a network as such without its base, and says nothing of the audience of a public one', () => {
    const { container } = renderPage(
      <CommunityFacts
        community={community({ communityBaseId: CommunityBaseId.Network, visibility: 'public', memberCount: 12 })}
        base={undefined}
        country="Germany"
      />,
    );
    expect(screen.getByText('Network')).toBeInTheDocument();
    expect(screen.getByText('Germany')).toBeInTheDocument();
    expect(screen.getByText('12 members')).toBeInTheDocument();
    expect(container.querySelector('[data-audience]')).toBeNull();
  });
});
