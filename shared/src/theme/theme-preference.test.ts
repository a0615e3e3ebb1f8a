import { createStore } from '../store/hub-jotai';
import { initialTheme, themeAtom, themeStorageKey } from './theme-preference';

const original = window.matchMedia;

/** Makes `(prefers-color-scheme: dark)` match or not, and records the queries asked. */
function systemPrefersDark(dark: boolean) {
  const queries: string[] = [];
  window.matchMedia = (query: string) => {
    queries.push(query);
    return { matches: dark && query === '(prefers-color-scheme: dark)', media: query } as MediaQueryList;
  };
  return queries;
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  window.matchMedia = original;
  jest.restoreAllMocks();
});

describe('theme preference (light and dark, following the system, remembering the choice)', () => {
  it("stores the choice under 'hub-theme'", () => {
    expect(themeStorageKey).toBe('hub-theme');
  });

  it('follows the system preference when the user never chose: dark', () => {
    const queries = systemPrefersDark(true);
    expect(initialTheme()).toBe('dark');
    expect(queries).toContain('(prefers-color-scheme: dark)');
  });

  it('follows the system preference when the user never chose: light', () => {
    systemPrefersDark(false);
    expect(initialTheme()).toBe('light');
  });

  it('a stored choice wins over the system preference', () => {
    systemPrefersDark(true);
    localStorage.setItem('hub-theme', 'light');
    expect(initialTheme()).toBe('light');

    systemPrefersDark(false);
    localStorage.setItem('hub-theme', 'dark');
    expect(initialTheme()).toBe('dark');
  });

  it('ignores a stored value that is not a theme', () => {
    systemPrefersDark(true);
    localStorage.setItem('hub-theme', 'purple');
    expect(initialTheme()).toBe('dark');
  });

  it('falls back to the system preference when storage cannot be read', () => {
    systemPrefersDark(true);
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(initialTheme()).toBe('dark');
  });

  it("writing the theme switches it and persists the choice to localStorage 'hub-theme'", () => {
    const store = createStore();
    store.set(themeAtom, 'dark');
    expect(store.get(themeAtom)).toBe('dark');
    expect(localStorage.getItem('hub-theme')).toBe('dark');

    store.set(themeAtom, 'light');
    expect(store.get(themeAtom)).toBe('light');
    expect(localStorage.getItem('hub-theme')).toBe('light');
  });

  it('still switches when the choice cannot be stored', () => {
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const store = createStore();
    expect(() => store.set(themeAtom, 'dark')).not.toThrow();
    expect(store.get(themeAtom)).toBe('dark');
  });
});
