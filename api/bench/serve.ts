/**
 * The server under benchmark, in its own process so autocannon does not share its event loop:
 * the real API plus the bare raw-`pg` endpoints, on PGlite (HUB_DATA_DIR) or PostgreSQL (DATABASE_URL).
 */
import { startApi } from '../src/server.ts';

const api = await startApi({ config: { benchRoutes: true, logLevel: 'error', port: 0 }, seedDemo: true });
console.log(`listening on ${api.url}`);
process.once('SIGTERM', () => void api.close().then(() => process.exit(0)));
