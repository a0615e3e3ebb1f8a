import { screen } from '@testing-library/react';
import { CommunityBaseId, type ImageRef } from '@hub/shared';
import { renderPage } from '@hub/ui/testing/render-page';
import { community } from '../testing/demo-data';
import { CommunityFace, CommunityPicture } from './community-face';

const cover: ImageRef = {
  id: 9,
  width: 1600,
  height: 900,
  focalX: 0.5,
  focalY: 0.5,
  variants: [{ width: 640, height: 360, format: 'webp', url: '/api/images/9/640.webp' }],
};

describe('a community’s face', () => {
  it('shows its uploaded picture, fetched first, drawn as wide as the page says, over its description', () => {
    const { container } = renderPage(
      <CommunityFace
        community={community({ name: 'Quiet Architects', description: 'Reviews among peers.', cover })}
        sizes="(min-width: 40rem) 40rem, 100vw"
      />,
    );
    const img = container.querySelector('img')!;
    expect(img).toHaveAttribute('sizes', '(min-width: 40rem) 40rem, 100vw');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(img.getAttribute('srcset')).toContain('/api/images/9/640.webp');
    const description = screen.getByText('Reviews among peers.');
    expect(description.tagName).toBe('P');
    // The picture comes first, then the description: two siblings, no wrapper of its own.
    expect(description.previousElementSibling?.contains(img)).toBe(true);
  });

  it('says when a community or a network has no description yet', () => {
    renderPage(<CommunityFace community={community({ description: '' })} sizes="100vw" />);
    expect(screen.getByText('This community has no description yet.')).toBeInTheDocument();
    renderPage(
      <CommunityFace
        community={community({ description: '', communityBaseId: CommunityBaseId.Network })}
        sizes="100vw"
      />,
    );
    expect(screen.getByText('This network has no description yet.')).toBeInTheDocument();
  });

  it('draws a community without a picture as its tile, and a card’s picture at the priority it is given', () => {
    renderPage(<CommunityPicture community={community({ name: 'Java Community' })} sizes="25vw" priority="lazy" />);
    expect(screen.getByTestId('generated-cover')).toHaveTextContent('JC');
    renderPage(<CommunityPicture community={community({ cover })} sizes="25vw" priority="lazy" />);
    const img = document.querySelector('img')!;
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).not.toHaveAttribute('fetchpriority');
  });
});
