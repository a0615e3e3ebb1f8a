import pg from 'pg';
import { signUpAccounts, type EmulatorAccount } from '../../api/test/helpers/emulator-accounts.ts';

/**
 * Accounts for a registration rush: many distinct users, each able to attend once. Made at the Auth
 * emulator through its public sign-up call (api/test/helpers/emulator-accounts.ts, as the API's
 * concurrency tests and rush bench make theirs) and entered in the database as synced External users
 * in one statement: arranging, not the behaviour under test (that is the attends that follow, through nginx).
 */
export type RushAccount = EmulatorAccount;

export async function makeRushAccounts(
  emulatorHost: string,
  databaseUrl: string,
  count: number,
): Promise<RushAccount[]> {
  const accounts = await signUpAccounts(emulatorHost, count, `rush${process.pid}${Date.now().toString(36)}`);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `with made as (
         insert into app_user (uid, email) select * from unnest($1::text[], $2::text[]) returning id
       ) insert into user_role (user_id, role) select id, 3 from made`,
      [accounts.map((a) => a.uid), accounts.map((a) => a.email)],
    );
  } finally {
    await client.end();
  }
  return accounts;
}
