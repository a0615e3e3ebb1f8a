import { themeStorageKey } from '@hub/shared';
import { darkFirstPaintId, firstPaintThemeScript, removeDarkFirstPaint } from './dark-first-paint';

/** The head as the build writes it: the sheet for a dark system, then the inline script. */
function loadHead() {
  const sheet = document.createElement('link');
  sheet.rel = 'stylesheet';
  sheet.id = darkFirstPaintId;
  sheet.media = '(prefers-color-scheme: dark)';
  document.head.appendChild(sheet);
  new Function(firstPaintThemeScript())();
  return sheet;
}

afterEach(() => {
  document.head.innerHTML = '';
  localStorage.clear();
  jest.restoreAllMocks();
});

describe('the dark first paint (issue 14: a dark visitor never sees the light page first)', () => {
  it('leaves the system to decide when the visitor never chose', () => {
    expect(loadHead().media).toBe('(prefers-color-scheme: dark)');
  });

  it('applies the sheet whatever the system when the stored choice is dark', () => {
    localStorage.setItem(themeStorageKey, 'dark');
    expect(loadHead().media).toBe('all');
  });

  it('never applies it when the stored choice is light', () => {
    localStorage.setItem(themeStorageKey, 'light');
    expect(loadHead().media).toBe('not all');
  });

  it('ignores a stored value that is not a choice, and storage that throws', () => {
    localStorage.setItem(themeStorageKey, 'purple');
    expect(loadHead().media).toBe('(prefers-color-scheme: dark)');
    document.head.innerHTML = '';
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('denied');
    });
    expect(loadHead().media).toBe('(prefers-color-scheme: dark)');
  });

  it('does nothing on a page without the sheet', () => {
    expect(() => new Function(firstPaintThemeScript())()).not.toThrow();
  });

  it('is removed once the app shows the theme itself', () => {
    loadHead();
    removeDarkFirstPaint();
    expect(document.getElementById(darkFirstPaintId)).toBeNull();
  });
});
