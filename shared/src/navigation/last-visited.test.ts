import {
  authSyncPendingKey,
  forgetLastVisited,
  isRememberedUrl,
  isSiteLocalPath,
  lastVisitedKey,
  readLastVisited,
  rememberLastVisited,
} from './last-visited';

/** A Storage whose every call throws, as in a private window or with the quota used up. */
function brokenStorage(): Storage {
  const fail = () => {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  };
  return {
    length: 0,
    clear: fail,
    getItem: fail,
    key: fail,
    removeItem: fail,
    setItem: fail,
  };
}

beforeEach(() => localStorage.clear());

describe('last visited page (SPEC §2, §3 local storage keys)', () => {
  it('uses the local storage keys of SPEC §3', () => {
    expect(lastVisitedKey).toBe('lastVisited');
    expect(authSyncPendingKey).toBe('auth-sync-pending');
  });

  it.each(['/callback', '/silent', '/account/login', '/account/register', '/x?next=/account'])(
    'does not remember %s',
    (url) => {
      expect(isRememberedUrl(url)).toBe(false);
      rememberLastVisited(url);
      expect(localStorage.getItem('lastVisited')).toBeNull();
    },
  );

  it.each(['/my-account', '/communities', '/events/3#top', '/', '/community/12?tab=members'])('remembers %s', (url) => {
    expect(isRememberedUrl(url)).toBe(true);
    rememberLastVisited(url);
    expect(localStorage.getItem('lastVisited')).toBe(url);
  });

  it('keeps the previous address when an excluded URL follows it', () => {
    rememberLastVisited('/communities');
    rememberLastVisited('/callback');
    rememberLastVisited('/account/login');
    expect(readLastVisited()).toBe('/communities');
  });

  it('reads and forgets the stored address', () => {
    localStorage.setItem('lastVisited', '/events/3');
    expect(readLastVisited()).toBe('/events/3');
    forgetLastVisited();
    expect(localStorage.getItem('lastVisited')).toBeNull();
    expect(readLastVisited()).toBeNull();
  });

  it('writes to the storage it is given', () => {
    const storage = { ...brokenStorage(), setItem: jest.fn() };
    rememberLastVisited('/networks', storage);
    expect(storage.setItem).toHaveBeenCalledWith('lastVisited', '/networks');
  });

  it('swallows storage failures: remembering, reading and forgetting never throw', () => {
    const storage = brokenStorage();
    expect(() => rememberLastVisited('/communities', storage)).not.toThrow();
    expect(readLastVisited(storage)).toBeNull();
    expect(() => forgetLastVisited(storage)).not.toThrow();
  });
});

describe('only paths of this site are return addresses (issue 23)', () => {
  it.each([
    '//evil.example/x',
    '/\\evil.example/x',
    '/\\/evil.example',
    'https://evil.example/x',
    'javascript:alert(1)',
    'events',
  ])('neither keeps nor reads %s', (url) => {
    expect(isSiteLocalPath(url)).toBe(false);
    rememberLastVisited(url);
    expect(localStorage.getItem(lastVisitedKey)).toBeNull();
    localStorage.setItem(lastVisitedKey, url);
    expect(readLastVisited()).toBeNull();
  });

  it.each(['/networks', '/events/31?x=1#top', '/'])('keeps and reads %s', (url) => {
    rememberLastVisited(url);
    expect(readLastVisited()).toBe(url);
  });
});
