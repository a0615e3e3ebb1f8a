import { loadRemote, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { lazyPage } from '@hub/shared';
import { isRemoteEntered, loadRemoteModule, preloadRemotePage, registerRemotesFrom } from './remote-registry';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  preloadRemote: jest.fn(() => Promise.resolve()),
  registerRemotes: jest.fn(),
}));
const loadMock = loadRemote as jest.MockedFunction<typeof loadRemote>;
const registerMock = registerRemotes as jest.MockedFunction<typeof registerRemotes>;

const Screen = () => null;

beforeAll(() =>
  registerRemotesFrom({
    events: 'http://events.test/mf-manifest.json',
    communities: 'http://communities.test/mf-manifest.json',
    account: 'http://account.test/mf-manifest.json',
  }),
);
beforeEach(() => jest.clearAllMocks());

describe('preloadRemotePage', () => {
  it("fetches a remote's entry and routes module side by side, then the screen's own chunk", async () => {
    const screenChunk = jest.fn(() => Promise.resolve({ Screen }));
    loadMock.mockResolvedValue({ build: {}, pages: { eventList: lazyPage(screenChunk, (m) => m.Screen) } });
    expect(isRemoteEntered('events')).toBe(false);
    await preloadRemotePage('events', 'eventList');
    expect(preloadRemote).toHaveBeenCalledWith([
      { nameOrAlias: 'events', exposes: ['routes'], resourceCategory: 'sync' },
    ]);
    expect(loadMock).toHaveBeenCalledWith('events/routes');
    expect(screenChunk).toHaveBeenCalledTimes(1);
    expect(isRemoteEntered('events')).toBe(true);

    // The screen later gets the same module, without a second load; an entered remote is not preloaded again.
    await loadRemoteModule('events', 'routes');
    await preloadRemotePage('events', 'eventList');
    expect(loadMock).toHaveBeenCalledTimes(1);
    expect(preloadRemote).toHaveBeenCalledTimes(1);
  });

  it('never fails, and forgets its own failure so the click that follows loads the remote afresh', async () => {
    loadMock.mockRejectedValueOnce(new Error('Failed to fetch')).mockResolvedValue({ build: {}, pages: {} });
    await expect(preloadRemotePage('communities', 'communityList')).resolves.toBeUndefined();
    expect(registerMock).toHaveBeenCalledWith([expect.objectContaining({ alias: 'communities' })], { force: true });
    await expect(loadRemoteModule('communities', 'routes')).resolves.toEqual({ build: {}, pages: {} });
    expect(loadMock).toHaveBeenCalledTimes(2);
  });

  it("leaves a failure a screen met as it is: that area's Retry owns it", async () => {
    loadMock.mockRejectedValue(new Error('Failed to fetch'));
    const screenLoad = loadRemoteModule('account', 'routes');
    await expect(screenLoad).rejects.toThrow('Failed to fetch');
    await preloadRemotePage('account', 'login');
    expect(registerMock).not.toHaveBeenCalled();
    expect(loadRemoteModule('account', 'routes')).toBe(screenLoad);
  });
});
