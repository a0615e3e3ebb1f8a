import { renderHook, waitFor } from '@testing-library/react';
import { webDarkTheme } from '@fluentui/react-components';
import { useDarkTheme } from './use-dark-theme';

describe('useDarkTheme', () => {
  it('fetches nothing while the light theme is wanted', async () => {
    const { result } = renderHook(() => useDarkTheme(false));
    // Give a fetch that should not happen the chance to land.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current).toBeUndefined();
  });

  it('gives the dark theme once wanted, and keeps it when light is wanted again', async () => {
    const { result, rerender } = renderHook(({ wanted }) => useDarkTheme(wanted), { initialProps: { wanted: false } });
    rerender({ wanted: true });
    await waitFor(() => expect(result.current).toBe(webDarkTheme));
    rerender({ wanted: false });
    expect(result.current).toBe(webDarkTheme);
  });
});
