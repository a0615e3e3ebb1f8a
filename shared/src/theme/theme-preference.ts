import { atom } from '../store/hub-jotai';

export type ThemeChoice = 'light' | 'dark';
export const themeStorageKey = 'hub-theme';

function systemPrefersDark(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-color-scheme: dark)').matches
    : false;
}

function storedChoice(): ThemeChoice | null {
  try {
    const v = localStorage.getItem(themeStorageKey);
    return v === 'light' || v === 'dark' ? v : null;
  } catch {
    return null;
  }
}

/** The user's remembered choice, or the system preference when they never chose. */
export function initialTheme(): ThemeChoice {
  return storedChoice() ?? (systemPrefersDark() ? 'dark' : 'light');
}

const baseThemeAtom = atom<ThemeChoice>(initialTheme());

/** Light or dark for the whole site; the host's FluentProvider and every remote follow it. */
export const themeAtom = atom(
  (get) => get(baseThemeAtom),
  (_get, set, choice: ThemeChoice) => {
    set(baseThemeAtom, choice);
    try {
      localStorage.setItem(themeStorageKey, choice);
    } catch {
      // remembering is best effort
    }
  },
);
