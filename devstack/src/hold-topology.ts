/**
 * `tsx src/hold-topology.ts`: starts the production topology (e2e/topology/start-topology.ts) on
 * HUB_TOPOLOGY_PORT_BASE's ports serving HUB_DIST_DIR's build, prints `ready <site origin>`, and
 * keeps it up until SIGTERM or SIGINT. lighthouse-compare.ts runs one per build, so that two builds
 * are served side by side, each by its own nginx and page server.
 */
export {};

// Loaded as the bench loads it: the topology is the e2e suite's module, run here as processes.
const { startTopology } = await import('../../e2e/topology/start-topology.ts');
const topology = await startTopology();
console.log(`ready ${topology.siteOrigin}`);
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void topology.stop().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
