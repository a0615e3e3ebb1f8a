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

describe('ItemFace with an uploaded image (an ImageRef)', () => {
  const upload = {
    id: 4,
    width: 1600,
    height: 1200,
    focalX: 0.8,
    focalY: 0.1,
    variants: [
      { width: 320, height: 240, format: 'webp' as const, url: 'https://api.test/api/images/h-320.webp' },
      { width: 320, height: 240, format: 'avif' as const, url: 'https://api.test/api/images/h-320.avif' },
      { width: 640, height: 480, format: 'webp' as const, url: 'https://api.test/api/images/h-640.webp' },
      { width: 640, height: 480, format: 'avif' as const, url: 'https://api.test/api/images/h-640.avif' },
    ],
  };

  it('offers AVIF first and WebP as the img, each as a srcset, with its shape and focal point; it wins over the address', () => {
    const { container } = renderPage(
      <ItemFace image="https://old.test/a.png" upload={upload} colourKey={1} name="Guild" sizes="25vw" />,
    );
    const source = container.querySelector('picture > source')!;
    expect(source).toHaveAttribute('type', 'image/avif');
    expect(source).toHaveAttribute(
      'srcset',
      'https://api.test/api/images/h-320.avif 320w, https://api.test/api/images/h-640.avif 640w',
    );
    expect(source).toHaveAttribute('sizes', '25vw');
    const img = container.querySelector('picture > img')!;
    expect(img).toHaveAttribute('src', 'https://api.test/api/images/h-640.webp');
    expect(img).toHaveAttribute(
      'srcset',
      'https://api.test/api/images/h-320.webp 320w, https://api.test/api/images/h-640.webp 640w',
    );
    expect(img).toHaveAttribute('width', '1600');
    expect(img).toHaveAttribute('height', '1200');
    expect(img.className).toContain(
      renderPage(<ItemFace image="https://x.test/b.png" focal={{ x: 0.8, y: 0.1 }} colourKey={1} name="G" />)
        .container.querySelector('img')!
        .className.split(' ')
        .at(-1),
    );
    expect(focalClass({ x: 0.8, y: 0.1 })).toBe('x75y0');
  });

  it('falls back to the address when the image was removed (null)', () => {
    const { container } = renderPage(<ItemFace image="https://old.test/a.png" upload={null} colourKey={1} name="G" />);
    expect(container.querySelector('picture')).toBeNull();
    expect(container.querySelector('img')).toHaveAttribute('src', 'https://old.test/a.png');
  });
});
