import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { lazyPage, preloadPage } from './lazy-page';
import { withFaultInjection } from './fault-injection';

const Screen = () => <p>The screen</p>;

describe('lazyPage', () => {
  it('fetches the screen once, whether preloaded first or rendered first', async () => {
    const load = jest.fn(() => Promise.resolve({ Screen }));
    const Page = lazyPage(load, (m) => m.Screen);
    await preloadPage(Page);
    await preloadPage(Page);
    await act(async () => {
      render(
        <Suspense fallback="loading">
          <Page />
        </Suspense>,
      );
    });
    expect(await screen.findByText('The screen')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed fetch so the next attempt loads again, and a failed preload does not throw', async () => {
    const load = jest
      .fn<Promise<{ Screen: typeof Screen }>, []>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ Screen });
    const Page = lazyPage(load, (m) => m.Screen);
    await expect(preloadPage(Page)).resolves.toBeUndefined();
    await preloadPage(Page);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps its preload through the fault-injection wrapper, and a plain component preloads nothing', async () => {
    const load = jest.fn(() => Promise.resolve({ Screen }));
    const { page } = withFaultInjection('events', { page: lazyPage(load, (m) => m.Screen) }, true);
    await preloadPage(page);
    expect(load).toHaveBeenCalledTimes(1);
    await expect(preloadPage(Screen)).resolves.toBeUndefined();
  });
});
