/** `tsx devstack/auth-emulator/cli.ts`: runs the emulator with the demo accounts until Ctrl-C. */
import { seedDemoAccounts, startAuthEmulator } from './index.ts';

const port = Number(process.env['AUTH_EMULATOR_PORT'] ?? 9099);
const emulator = await startAuthEmulator({ port, log: (l) => console.log(`[auth-emulator] ${l}`) });
const uids = await seedDemoAccounts({ host: emulator.host });
console.log(
  `Auth emulator on ${emulator.host} (project ${emulator.projectId}); demo accounts: ${Object.keys(uids).join(', ')}`,
);
const shutdown = () => void emulator.stop().then(() => process.exit(0));
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
