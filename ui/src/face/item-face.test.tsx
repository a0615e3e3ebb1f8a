import { fireEvent } from '@testing-library/react';
import { renderPage } from '../testing/render-page';
import { focalClass, ItemFace } from './item-face';
import { communityColour } from './community-colour';

jest.setTimeout(20_000);

describe('ItemFace without a picture', () => {
  it('paints the community colour from the stylesheet, never from an inline style (the CSP refuses those)', () => {
    // Two rounds of the 32 tiles: each class holds exactly the colour communityColour gives.
    for (let id = 1; id <= 64; id += 1) {
      const { getByTestId, unmount } = renderPage(<ItemFace image="" colourKey={id} name="Java Guild" />);
      const cover = getByTestId('generated-cover');
      expect(cover).not.toHaveAttribute('style');
      expect(cover).toHaveStyle({ backgroundColor: communityColour(id) });
      unmount();
    }
  });

  it('writes the initials and the name on a cover or wide face, only the initials on a square one', () => {
    const { getByTestId, unmount } = renderPage(<ItemFace colourKey={3} name="Friends of the Cloud" aspect="wide" />);
    expect(getByTestId('generated-cover')).toHaveTextContent('FCFriends of the Cloud');
    unmount();
    const square = renderPage(<ItemFace colourKey={3} name="Friends of the Cloud" aspect="square" />);
    expect(square.getByTestId('generated-cover')).toHaveTextContent(/^FC$/);
  });
});

describe('ItemFace with a picture', () => {
  it('shows an uploaded picture with its sizes, its intrinsic size and its focal point, by class', () => {
    const { container } = renderPage(
      <ItemFace
        colourKey={3}
        name="Java Guild"
        image={{
          url: '/images/7/1280.webp',
          srcSet: '/images/7/640.webp 640w, /images/7/1280.webp 1280w',
          width: 1280,
          height: 720,
        }}
        focal={{ x: 0.2, y: 0.9 }}
        sizes="(max-width: 640px) 100vw, 400px"
        aspect="wide"
      />,
    );
    const img = container.querySelector('img')!;
    expect(img).toHaveAttribute('srcset', '/images/7/640.webp 640w, /images/7/1280.webp 1280w');
    expect(img).toHaveAttribute('sizes', '(max-width: 640px) 100vw, 400px');
    expect(img).toHaveAttribute('width', '1280');
    expect(img).not.toHaveAttribute('style');
    expect(img).toHaveStyle({ objectPosition: '25% 100%' });
  });

  it('rounds a focal point to the nearest quarter and centres a picture without one', () => {
    expect(focalClass({ x: 0.2, y: 0.9 })).toBe('x25y100');
    expect(focalClass({ x: -1, y: 2 })).toBe('x0y100');
    expect(focalClass(undefined)).toBe('x50y50');
  });

  it('falls back to the colour tile when the picture fails to load', () => {
    const { container, getByTestId } = renderPage(
      <ItemFace colourKey={5} name="Java Guild" image="https://img.test/gone.png" />,
    );
    fireEvent.error(container.querySelector('img')!);
    expect(getByTestId('generated-cover')).toHaveStyle({ backgroundColor: communityColour(5) });
  });
});
