import {
  SharedVersionMismatchError,
  forgetSharedMismatch,
  resolveHostShare,
  sharedMismatchOf,
} from './host-wins-share-plugin';

type Args = Parameters<typeof resolveHostShare>[0];

const hostReact = { from: 'host', version: '19.3.1', loaded: true };
const remoteReact = { from: 'hub_events', version: '19.4.0' };
const defaultResolver = jest.fn(() => ({ shared: remoteReact, useTreesShaking: false }));

function argsFor(options: {
  from: string;
  requiredVersion?: string | false;
  singleton?: boolean;
  versions?: object;
}): Args {
  return {
    shareScopeMap: { default: { react: options.versions ?? { '19.3.1': hostReact, '19.4.0': remoteReact } } },
    scope: 'default',
    pkgName: 'react',
    version: '19.4.0',
    shareInfo: {
      from: options.from,
      shareConfig: { singleton: options.singleton ?? true, requiredVersion: options.requiredVersion ?? '^19.3.1' },
    },
    resolver: defaultResolver,
  } as unknown as Args;
}

afterEach(() => forgetSharedMismatch('hub_events'));

describe('the "host wins" resolveShare plugin', () => {
  it("gives a remote the host's singleton even when the runtime would pick a higher version", () => {
    const result = resolveHostShare(argsFor({ from: 'hub_events' })).resolver();
    expect(result?.shared).toBe(hostReact);
    expect(defaultResolver).not.toHaveBeenCalled();
  });

  it('gives the host its own copy', () => {
    expect(resolveHostShare(argsFor({ from: 'host' })).resolver()?.shared).toBe(hostReact);
  });

  it('refuses a remote whose required range the host does not satisfy, and records why', () => {
    const args = resolveHostShare(argsFor({ from: 'hub_events', requiredVersion: '^20.0.0' }));
    expect(() => args.resolver()).toThrow(SharedVersionMismatchError);
    expect(sharedMismatchOf('hub_events')).toEqual({
      container: 'hub_events',
      pkg: 'react',
      required: '^20.0.0',
      provided: '19.3.1',
    });
    forgetSharedMismatch('hub_events');
    expect(sharedMismatchOf('hub_events')).toBeUndefined();
  });

  it('accepts a prerelease host version inside a prerelease range', () => {
    const tokens = { from: 'host', version: '1.0.0-alpha.24' };
    const args = argsFor({
      from: 'hub_events',
      requiredVersion: '^1.0.0-alpha.24',
      versions: { '1.0.0-alpha.24': tokens },
    });
    expect(resolveHostShare(args).resolver()?.shared).toBe(tokens);
  });

  it('leaves non-singletons and packages the host does not share to the runtime', () => {
    const nonSingleton = argsFor({ from: 'hub_events', singleton: false });
    expect(resolveHostShare(nonSingleton).resolver).toBe(defaultResolver);
    const notInHost = argsFor({ from: 'hub_events', versions: { '19.4.0': remoteReact } });
    expect(resolveHostShare(notInHost).resolver).toBe(defaultResolver);
  });
});
