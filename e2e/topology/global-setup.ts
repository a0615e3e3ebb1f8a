import type { FullConfig } from '@playwright/test';
import { startTopology } from './start-topology.ts';
import { startTopologyControl } from './topology-control.ts';
import { topologyInfoVariable, type TopologyInfo } from './topology-info.ts';
import { topologyPorts } from './topology-ports.ts';

/**
 * Starts the production topology once for the whole suite and stops it after (the function it
 * returns is Playwright's teardown). The tests learn its addresses from an environment variable
 * (Playwright passes the setup's environment on to its workers) and signal the API replicas through
 * the loopback control channel.
 */
export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  const started = Date.now();
  const ports = topologyPorts();
  const topology = await startTopology({ ports, log: (line) => console.log(`[topology] ${line}`) });
  const control = await startTopologyControl(topology, ports.control).catch(async (error: unknown) => {
    await topology.stop();
    throw error;
  });
  const info: TopologyInfo = {
    ports,
    siteOrigin: topology.siteOrigin,
    remoteOrigins: topology.remoteOrigins,
    databaseUrl: topology.databaseUrl,
    authEmulatorHost: topology.authEmulatorHost,
    migrateRuns: topology.migrateRuns,
    apiSettings: topology.apiSettings,
    apiLogFiles: topology.apis.map((api) => api.logFile),
  };
  process.env[topologyInfoVariable] = JSON.stringify(info);
  // e2e/support's mail helpers read the topology's mail catcher (mailInbox in support/identity.ts).
  process.env.HUB_MAIL_CATCHER_URL = topology.mailCatcherUrl;
  console.log(`[topology] up in ${((Date.now() - started) / 1000).toFixed(1)} s at ${topology.siteOrigin}`);
  return async () => {
    await new Promise((resolve) => control.close(resolve));
    await topology.stop();
  };
}
