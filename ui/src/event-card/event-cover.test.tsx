import { renderPage } from '../testing/render-page';
import { EventCover } from './event-cover';
import { communityColour } from './community-colour';

jest.setTimeout(20_000);

describe('EventCover without a picture', () => {
  it('paints the community colour from the stylesheet, never from an inline style (the CSP refuses those)', () => {
    // Two rounds of the 32 tiles: each class holds exactly the colour communityColour gives.
    for (let id = 1; id <= 64; id += 1) {
      const { getByTestId, unmount } = renderPage(
        <EventCover imageUrl="" communityId={id} communityName="Java Guild" />,
      );
      const cover = getByTestId('generated-cover');
      expect(cover).not.toHaveAttribute('style');
      expect(cover).toHaveStyle({ backgroundColor: communityColour(id) });
      unmount();
    }
  });
});
