export { buildServer, startApi, type RunningApi, type StartApiOptions, type ServerDeps } from './server.ts';
export { loadConfig, type ApiConfig } from './config.ts';
export { connectDatabase, type DatabaseHandle } from './db/connect.ts';
export { seedDemoData, type SeedResult } from './seed/index.ts';
export { Role, Permission, SyncCode } from '@hub/contract/enums';
