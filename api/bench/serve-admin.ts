/**
 * The server under the admin-queries benchmark (bench/admin-queries.ts), in its own process: the real
 * API on PGlite with the demo seed plus 10,000 users and 50,000 audit rows made here in bulk.
 * Only the Firebase signature check is replaced, by a verifier that knows one token (the demo
 * admin's uid): firebase-admin would otherwise ask the auth emulator on every request, and that
 * round trip is the emulator's cost, not the API's. The caller is still loaded from the database,
 * the admin rule, validation, the query and the response schema all run as shipped.
 */
import type { DecodedIdToken } from 'firebase-admin/auth';
import { loadConfig } from '../src/config.ts';
import { connectDatabase } from '../src/db/connect.ts';
import { seedDemoData } from '../src/seed/index.ts';
import { buildServer } from '../src/server.ts';
import type { IdentityProvider } from '../src/auth/verify-id-token.ts';
import { seedAdminBench } from './admin-seed.ts';

export const BENCH_ADMIN_TOKEN = 'bench-admin-token';
const USERS = Number(process.env['HUB_BENCH_USERS'] ?? 10_000);
const AUDIT_ROWS = Number(process.env['HUB_BENCH_AUDIT_ROWS'] ?? 50_000);

const config = loadConfig(process.env, { benchRoutes: true, logLevel: 'error', port: 0 });
const database = await connectDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await seedDemoData(database.db);
const db = database.db;
await seedAdminBench(db, USERS, AUDIT_ROWS);

const identity: IdentityProvider = {
  auth: undefined as never,
  async verify(token: string) {
    return token === BENCH_ADMIN_TOKEN
      ? { ok: true, token: { uid: 'demo-admin' } as DecodedIdToken }
      : { ok: false, reason: 'auth/invalid-id-token' };
  },
};
const { app } = await buildServer(config, { database, identity });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`listening on http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
process.once(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0)),
);
