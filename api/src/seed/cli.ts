/** `pnpm --filter @hub/api seed`: seeds the demo data into the configured database and exits. */
import { loadConfig } from '../config.ts';
import { connectDatabase } from '../db/connect.ts';
import { seedDemoData } from './index.ts';

const config = loadConfig();
const database = await connectDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const result = await seedDemoData(database.db);
  console.log(
    `Demo data seeded into ${database.kind === 'pglite' ? config.dataDir : 'PostgreSQL'}: ` +
      `${Object.keys(result.communities).length} communities and networks, ${Object.keys(result.events).length} events, ` +
      `demo accounts ${Object.keys(result.users).join(', ')}`,
  );
} finally {
  await database.close();
}
