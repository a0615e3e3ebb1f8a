/**
 * `node dist/main.js backup <file>` and `restore <file>`: the database to one file and back.
 * PostgreSQL: pg_dump's custom format and pg_restore (Debian's postgresql-client, in the image), over
 * HUB_MIGRATE_DATABASE_URL when set (the schema's owner, a direct connection), else DATABASE_URL.
 * PGlite: its own data-folder dump (a gzipped tar), taken under the folder's lock, so the API using
 * the folder must be stopped first (PGlite is one process's). A restore needs an empty database (or
 * a new data folder): it never overwrites data.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { open, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import pg from 'pg';
import type { ApiConfig } from '../config.ts';
import { openPgliteFolder } from '../db/connect.ts';

/** The first bytes of each kind of backup file, so a PGlite dump is never fed to pg_restore. */
const PG_CUSTOM_MAGIC = Buffer.from('PGDMP');
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', (error) =>
      reject(new Error(`${command} could not run (${error.message}): install PostgreSQL's client programs`)),
    );
    child.once('exit', (code) =>
      code === 0 ? resolvePromise() : reject(new Error(`${command} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

async function startsWith(file: string, magic: Buffer): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(magic.length);
    await handle.read(head, 0, magic.length, 0);
    return head.equals(magic);
  } finally {
    await handle.close();
  }
}

/** The connection a backup or restore uses: the owner's when the runtime role is a lesser one. */
function ownerUrl(config: ApiConfig): string | undefined {
  return config.database.migrateUrl ?? config.databaseUrl;
}

export async function backupDatabase(config: ApiConfig, file: string): Promise<void> {
  const url = ownerUrl(config);
  if (url) {
    await run('pg_dump', ['--format=custom', `--file=${file}`, `--dbname=${url}`]);
    return;
  }
  const { pglite, release } = await openPgliteFolder(config.dataDir);
  try {
    const dump = await pglite.dumpDataDir('gzip');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await release();
  }
}

export async function restoreDatabase(config: ApiConfig, file: string): Promise<void> {
  if (!existsSync(file)) throw new Error(`No backup file ${file}`);
  const url = ownerUrl(config);
  if (url) {
    if (!(await startsWith(file, PG_CUSTOM_MAGIC)))
      throw new Error(`${file} is not a PostgreSQL backup (pg_dump custom format): was it taken from PGlite?`);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ tables: number }>(
        "select count(*)::int as tables from information_schema.tables where table_schema = 'public'",
      );
      if ((rows[0]?.tables ?? 0) > 0)
        throw new Error('restore needs an empty database: this one already has tables (create a new database)');
    } finally {
      await client.end();
    }
    // No owners or grants from the source: the restoring role owns everything; grant the runtime role after.
    await run('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${url}`,
      file,
    ]);
    return;
  }
  if (!(await startsWith(file, GZIP_MAGIC)))
    throw new Error(`${file} is not a PGlite backup (a gzipped data folder): was it taken from PostgreSQL?`);
  const folder = join(config.dataDir, 'pglite');
  if (existsSync(folder) && readdirSync(folder).length > 0)
    throw new Error(
      `restore needs an empty data folder: ${folder} already holds a database (point HUB_DATA_DIR elsewhere)`,
    );
  const { release } = await openPgliteFolder(config.dataDir, { loadDataDir: new Blob([await readFile(file)]) });
  await release();
}

export async function runBackupCommand(
  command: 'backup' | 'restore',
  args: string[],
  config: ApiConfig,
): Promise<void> {
  const [file] = args;
  if (!file) throw new Error(`${command} needs a file: node dist/main.js ${command} <file>`);
  const path = resolve(file);
  const what = config.databaseUrl ? 'PostgreSQL' : `PGlite (${config.dataDir})`;
  if (command === 'backup') {
    await backupDatabase(config, path);
    console.log(`Backup of ${what} written to ${path}`);
  } else {
    await restoreDatabase(config, path);
    console.log(`Backup ${path} restored into ${what}`);
  }
}
