/**
 * The API's entry, compiled to dist/main.js for production (`node dist/main.js <role>`) and run
 * from source by `pnpm --filter @hub/api start` (tsx). The role (roles/role.ts) says which job this
 * process does; without one it is `standalone`, the one process `npm start` runs.
 */
import { loadConfig } from './config.ts';
import { parseInvocation } from './roles/role.ts';
import { onStopSignal } from './roles/stop-signals.ts';

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

try {
  const { role, args } = parseInvocation(process.argv.slice(2), process.env);
  switch (role) {
    case 'standalone':
    case 'api': {
      // The settings are checked before the server's modules load, so a refusal comes at once.
      loadConfig();
      const { startApi } = await import('./server.ts');
      const api = await startApi({ role });
      console.log(
        `Community Hub API (${role}) listening on ${api.url} (database: ${api.database.kind}; docs: ${api.url}/api/docs)`,
      );
      // Ctrl-C in `npm start` stops at once unless a delay is configured; SIGTERM drains the same way.
      onStopSignal(() => api.drain());
      break;
    }
    case 'migrate': {
      const { migrateDatabase } = await import('./roles/migrate.ts');
      const applied = await migrateDatabase(loadConfig());
      console.log(
        applied.length > 0 ? `Migrations applied: ${applied.join(', ')}` : 'Migrations: the database is up to date',
      );
      process.exit(0);
      break;
    }
    case 'worker': {
      const { startWorker } = await import('./roles/worker.ts');
      const worker = await startWorker(loadConfig());
      console.log(`Community Hub worker: health on ${worker.url}/api/health/ready`);
      if (worker.metricsServer) console.log(`Metrics on ${worker.metricsServer.url}/metrics`);
      onStopSignal(() => worker.stop());
      break;
    }
    case 'backup':
    case 'restore': {
      const { runBackupCommand } = await import('./roles/backup.ts');
      await runBackupCommand(role, args, loadConfig());
      process.exit(0);
      break;
    }
  }
} catch (error) {
  console.error(`The API could not start: ${errorMessage(error)}`);
  process.exit(1);
}
