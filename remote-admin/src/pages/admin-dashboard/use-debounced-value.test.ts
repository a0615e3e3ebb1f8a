import { act, renderHook } from '@testing-library/react';
import { useDebouncedValue } from './use-debounced-value';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('useDebouncedValue', () => {
  it('settles once the value has stopped changing for the delay, not once per change', () => {
    const seen: string[] = [];
    const { rerender } = renderHook(
      ({ value }) => {
        const settled = useDebouncedValue(value, 300);
        if (seen.at(-1) !== settled) seen.push(settled);
        return settled;
      },
      { initialProps: { value: '' } },
    );
    for (const typed of ['l', 'le', 'lea']) {
      rerender({ value: typed });
      act(() => jest.advanceTimersByTime(299));
    }
    expect(seen).toEqual(['']);
    act(() => jest.advanceTimersByTime(1));
    expect(seen).toEqual(['', 'lea']);
  });

  it('settles on a value typed after a pause as well', () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 300), {
      initialProps: { value: 'a' },
    });
    rerender({ value: 'ab' });
    act(() => jest.advanceTimersByTime(300));
    expect(result.current).toBe('ab');
    rerender({ value: 'abc' });
    expect(result.current).toBe('ab');
    act(() => jest.advanceTimersByTime(300));
    expect(result.current).toBe('abc');
  });
});
