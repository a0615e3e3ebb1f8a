import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { ImageRef, ImageTarget } from '@hub/shared';
import { fakeApi } from '../testing/fake-api';
import { renderPage } from '../testing/render-page';
import { ImageUpload } from './image-upload';

jest.setTimeout(30_000);

const ref = (over: Partial<ImageRef> = {}): ImageRef => ({
  id: 7,
  width: 1600,
  height: 900,
  focalX: 0.5,
  focalY: 0.5,
  variants: [
    { width: 320, height: 180, format: 'webp', url: 'https://api.test/api/images/abc-320.webp' },
    { width: 640, height: 360, format: 'webp', url: 'https://api.test/api/images/abc-640.webp' },
    { width: 640, height: 360, format: 'avif', url: 'https://api.test/api/images/abc-640.avif' },
  ],
  ...over,
});

/** The control inside a form that owns its value, as the community form does; the value is printed. */
function Harness({ initial = null, target }: { initial?: ImageRef | null; target: ImageTarget }) {
  const [value, setValue] = useState<ImageRef | null>(initial);
  return (
    <>
      <ImageUpload label="Cover" target={target} value={value} onChange={setValue} />
      <output data-testid="value">{value ? `${value.id}@${value.focalX},${value.focalY}` : 'none'}</output>
    </>
  );
}

const limits = {
  'GET api/images/limits': { body: { maxBytes: 8 * 1024 * 1024, tooLarge: 'Images can be at most 8 MB' } },
};

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'cover.png', { type: 'image/png' });

describe('ImageUpload', () => {
  it('uploads the chosen file as the body, for the community, and shows the preview', async () => {
    const api = fakeApi({ ...limits, 'POST api/images': { status: 201, body: ref() } });
    renderPage(<Harness target={{ kind: 'community-cover', communityId: 3 }} />);
    await userEvent.upload(screen.getByLabelText('Cover'), png());
    await waitFor(() => expect(screen.getByTestId('value')).toHaveTextContent('7@0.5,0.5'));
    const [sent] = api.requests('POST api/images');
    expect(sent!.route).toBe('POST api/images?kind=community-cover&communityId=3');
    expect(sent!.headers.get('content-type')).toBe('image/png');
    expect(screen.getByTestId('image-upload-preview').querySelector('img')).toHaveAttribute(
      'src',
      'https://api.test/api/images/abc-640.webp',
    );
    expect(screen.getByRole('button', { name: 'Replace image' })).toBeInTheDocument();
  });

  it("refuses a file over the API's limit before sending it, with the API's sentence", async () => {
    const api = fakeApi({ ...limits, 'POST api/images': { status: 201, body: ref() } });
    renderPage(<Harness target={{ kind: 'community-cover', communityId: 3 }} />);
    const big = new File([new Uint8Array(8 * 1024 * 1024 + 1)], 'holiday.jpg', { type: 'image/jpeg' });
    await userEvent.upload(screen.getByLabelText('Cover'), big);
    expect(await screen.findByRole('alert')).toHaveTextContent('Images can be at most 8 MB');
    expect(api.count('POST api/images')).toBe(0);
    expect(screen.getByTestId('value')).toHaveTextContent('none');
    // One at the limit is sent.
    await userEvent.upload(
      screen.getByLabelText('Cover'),
      new File([new Uint8Array(1024)], 'a.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(screen.getByTestId('value')).toHaveTextContent('7@0.5,0.5'));
    expect(api.count('GET api/images/limits')).toBe(1);
  });

  it("shows the API's refusal inline and keeps the value", async () => {
    fakeApi({
      ...limits,
      'POST api/images': { status: 413, body: { message: 'Images can be at most 8 MB', details: [] } },
    });
    renderPage(<Harness target={{ kind: 'avatar' }} />);
    await userEvent.upload(screen.getByLabelText('Cover'), png());
    expect(await screen.findByRole('alert')).toHaveTextContent('Images can be at most 8 MB');
    expect(screen.getByTestId('value')).toHaveTextContent('none');
  });

  it('takes a dropped file', async () => {
    const api = fakeApi({ ...limits, 'POST api/images': { status: 201, body: ref() } });
    renderPage(<Harness target={{ kind: 'avatar' }} />);
    fireEvent.drop(screen.getByTestId('image-upload-zone'), { dataTransfer: { files: [png()] } });
    await waitFor(() => expect(screen.getByTestId('value')).toHaveTextContent('7@0.5,0.5'));
    expect(api.count('POST api/images')).toBe(1);
  });

  it('sets the focal point where the preview is clicked, and with the arrow keys', async () => {
    const api = fakeApi({
      'PUT api/images/7/focus': ({ body }) => ({ body: ref(body as Partial<ImageRef>) }),
    });
    renderPage(<Harness initial={ref()} target={{ kind: 'community-cover', communityId: 3 }} />);
    const preview = screen.getByTestId('image-upload-preview');
    // jsdom lays nothing out: the preview is given its box.
    preview.getBoundingClientRect = () => ({ left: 100, top: 50, width: 400, height: 200 }) as DOMRect;
    fireEvent.click(preview, { clientX: 200, clientY: 70 });
    await waitFor(() => expect(screen.getByTestId('value')).toHaveTextContent('7@0.25,0.1'));
    expect(api.bodies('PUT api/images/7/focus')).toEqual([{ focalX: 0.25, focalY: 0.1 }]);
    expect(screen.getByTestId('image-upload-focal')).toHaveStyle({ left: '25%', top: '10%' });
    fireEvent.keyDown(preview, { key: 'ArrowRight' });
    await waitFor(() => expect(screen.getByTestId('value')).toHaveTextContent('7@0.35,0.1'));
  });

  it('removes the image', async () => {
    renderPage(<Harness initial={ref()} target={{ kind: 'avatar' }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.getByTestId('value')).toHaveTextContent('none');
    expect(screen.getByRole('button', { name: 'Choose an image' })).toBeInTheDocument();
  });
});
