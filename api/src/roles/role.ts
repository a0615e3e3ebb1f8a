/**
 * Which job this process does, as pretix's image does: the first argument (`node dist/main.js
 * worker`) or HUB_ROLE. Without either it is `standalone`, today's one process that migrates at
 * start, serves and sends the mails (`npm start`).
 */
export const ROLES = {
  standalone: 'migrate at start, serve the API and send the mails, in one process (local use)',
  api: 'serve the API; migrations are the migrate role’s (not ready until they are applied)',
  migrate: 'apply the pending migrations and exit',
  worker: 'send the outbox’s mails (and future scheduled jobs); only health answers over HTTP',
  backup: 'write the database to a file: backup <file>',
  restore: 'load a backup file into an empty database: restore <file>',
} as const;

export type Role = keyof typeof ROLES;

export interface Invocation {
  role: Role;
  /** What follows the role on the command line (the backup's file). */
  args: string[];
}

const isRole = (value: string): value is Role => Object.hasOwn(ROLES, value);

export function parseInvocation(argv: readonly string[], env: NodeJS.ProcessEnv): Invocation {
  const [first, ...rest] = argv;
  const named = first ?? env['HUB_ROLE'] ?? 'standalone';
  if (!isRole(named))
    throw new Error(
      `Unknown role "${named}" (${first === undefined ? 'HUB_ROLE' : 'first argument'}). Roles:\n` +
        Object.entries(ROLES)
          .map(([name, what]) => `  ${name}: ${what}`)
          .join('\n'),
    );
  return { role: named, args: first === undefined ? [] : rest };
}
