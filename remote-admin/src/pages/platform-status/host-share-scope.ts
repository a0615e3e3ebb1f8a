/**
 * What the host loaded of each shared module, read from the federation runtime's share scope
 * (`globalThis.__FEDERATION__.__SHARE__`: instance id → scope → package → version → info). The
 * host's instance is `host:<version>`; a singleton has one version there, the one marked loaded
 * (or, before anyone asked for it, the one the host provided).
 */
export interface LoadedShared {
  version: string;
  /** The container that provided it ('host' for the host's own copy). */
  from: string;
  /** Whether any container has loaded it yet. */
  loaded: boolean;
}

interface ShareInfo {
  from?: string;
  loaded?: boolean;
}
type ShareScopes = Record<string, Record<string, Record<string, Record<string, ShareInfo>>>>;

/** The host's federation container name (host/webpack.config.js). */
const hostContainer = 'host';

function shareScopes(): ShareScopes {
  const federation = (globalThis as { __FEDERATION__?: { __SHARE__?: ShareScopes } }).__FEDERATION__;
  return federation?.__SHARE__ ?? {};
}

/** Package name → what the host's share scope holds for it; empty when the page has no federation runtime. */
export function hostLoadedShares(): Record<string, LoadedShared> {
  const scopes = shareScopes();
  const hostId = Object.keys(scopes).find((id) => id === hostContainer || id.startsWith(`${hostContainer}:`));
  const scope = hostId ? (scopes[hostId]?.default ?? {}) : {};
  const out: Record<string, LoadedShared> = {};
  for (const [name, versions] of Object.entries(scope)) {
    const entries = Object.entries(versions);
    const [version, info] =
      entries.find(([, i]) => i.loaded) ?? entries.find(([, i]) => i.from === hostContainer) ?? entries[0] ?? [];
    if (version && info) out[name] = { version, from: info.from ?? '', loaded: Boolean(info.loaded) };
  }
  return out;
}
