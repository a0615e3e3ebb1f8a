/**
 * Every port the production topology listens on, from one setting (HUB_TOPOLOGY_PORT_BASE, default
 * 7400): two checkouts, or the topology suite beside `npm start`, each take their own run of ports.
 * PostgreSQL and Redis take free ports of their own (api/test/helpers start them so): only the API
 * processes reach them, through the addresses the topology hands over.
 */
export const DEFAULT_TOPOLOGY_PORT_BASE = 7400;

export interface TopologyPorts {
  /** nginx: the site (host app, `/api/` and the detail pages on one origin). */
  site: number;
  /** nginx: one server per remote, as a company serving each area from its own origin would. */
  remotes: { events: number; communities: number; account: number; admin: number };
  /** The page server (host's detail pages drawn from data), behind nginx. */
  pages: number;
  /** The API processes (replicas), behind nginx's upstream. */
  api: [number, number];
  /** The worker role's small health answer. */
  worker: number;
  /** The work-account identity provider stand-in (https). */
  idp: number;
  /** The Firebase Auth emulator (it also opens the next two ports: its hub and logging). */
  authEmulator: number;
  /** The test-only loopback control channel (kill, stop and start an API process). */
  control: number;
  /** Spare: a process that must refuse to start is given this one (it never listens). */
  refused: number;
  /** Prometheus's `/metrics` listeners (HUB_METRICS_PORT), never behind nginx: each replica's and the worker's. */
  metrics: { api: [number, number]; worker: number };
  /**
   * The demo events' pictures, on an image host of their own: production's are organisers' https
   * addresses elsewhere, and a production API serves no demo content.
   */
  images: number;
}

export function topologyPorts(
  base = Number(process.env.HUB_TOPOLOGY_PORT_BASE ?? DEFAULT_TOPOLOGY_PORT_BASE),
): TopologyPorts {
  if (!Number.isInteger(base) || base < 1024 || base > 65_500)
    throw new Error(`HUB_TOPOLOGY_PORT_BASE must be a port number from 1024 to 65500 (it was ${base}).`);
  return {
    site: base,
    remotes: { events: base + 1, communities: base + 2, account: base + 3, admin: base + 4 },
    pages: base + 5,
    api: [base + 6, base + 7],
    worker: base + 8,
    idp: base + 9,
    authEmulator: base + 10,
    control: base + 13,
    refused: base + 14,
    metrics: { api: [base + 15, base + 16], worker: base + 17 },
    images: base + 18,
  };
}
