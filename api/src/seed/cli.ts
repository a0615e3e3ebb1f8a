/** `pnpm --filter @hub/api seed`: seeds the demo data into the configured database and exits. */
import { loadConfig } from '../config.ts';
import { connectDatabase } from '../db/connect.ts';
import { seedDemoData } from './index.ts';

const config = loadConfig();
const database = await connectDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  // The demo pictures' addresses are the API's (seed/demo-images.ts), as the browser reaches it.
  const result = await seedDemoData(database.db, {
    apiPublicUrl: config.apiPublicUrl ?? `http://localhost:${config.port}`,
  });
  console.log(
    `Demo data seeded into ${database.kind === 'pglite' ? config.dataDir : 'PostgreSQL'}: ` +
      `${Object.keys(result.communities).length} communities and networks, ${Object.keys(result.events).length} events, ` +
      `demo accounts ${Object.keys(result.users).join(', ')}`,
  );
} finally {
  await database.close();
}
