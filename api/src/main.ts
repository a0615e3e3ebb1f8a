/** `pnpm --filter @hub/api start`: runs the API until SIGINT/SIGTERM. */
import { startApi } from './server.ts';

try {
  const api = await startApi();
  console.log(`Community Hub API listening on ${api.url} (database: ${api.database.kind}; docs: ${api.url}/api/docs)`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping the API`);
    api.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
} catch (error) {
  console.error(`The API could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
