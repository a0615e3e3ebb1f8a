import type { ApiSettings } from './api-roles.ts';
import type { TopologyPorts } from './topology-ports.ts';

/** What the global setup tells the tests about the running topology (as JSON in one variable). */
export interface TopologyInfo {
  ports: TopologyPorts;
  siteOrigin: string;
  remoteOrigins: Record<'events' | 'communities' | 'account' | 'admin', string>;
  databaseUrl: string;
  authEmulatorHost: string;
  migrateRuns: Array<{ code: number | null; output: string }>;
  apiSettings: ApiSettings;
  apiLogFiles: string[];
}

export const topologyInfoVariable = 'HUB_TOPOLOGY_INFO';

/** In a test: the running topology (the suite's global setup started it). */
export function topologyInfo(): TopologyInfo {
  const json = process.env[topologyInfoVariable];
  if (!json)
    throw new Error('The production topology is not running: run this suite with playwright.topology.config.ts');
  return JSON.parse(json) as TopologyInfo;
}
