import pg from 'pg';
import { signInWithPassword } from '../../devstack/auth-emulator/index.ts';

/**
 * Accounts for a registration rush: many distinct users, each able to attend once. Made at the Auth
 * emulator through its public sign-up call (an ID token at once) and entered in the database as
 * synced External users in one statement, as api/test/concurrency.it.ts does: arranging, not the
 * behaviour under test (that is the attends that follow, through nginx).
 */
export interface RushAccount {
  uid: string;
  email: string;
  token: string;
}

const password = 'Rush!Passw0rd';

/**
 * The emulator stamps auth_time with the sign-up and the account's validSince with the change that
 * issued the token; when they fall in different seconds firebase-admin's revocation check refuses
 * the token. A fresh sign-in then gives one stamped after validSince.
 */
const straddlesSecond = (idToken: string) => {
  const payload = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString()) as {
    auth_time?: number;
    iat?: number;
  };
  return payload.auth_time !== payload.iat;
};

export async function makeRushAccounts(
  emulatorHost: string,
  databaseUrl: string,
  count: number,
): Promise<RushAccount[]> {
  const tag = `rush${process.pid}${Date.now().toString(36)}`;
  const accounts: RushAccount[] = [];
  for (let start = 0; start < count; start += 20) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(20, count - start) }, async (_, k) => {
        const email = `${tag}-${start + k}@rush.hub`;
        const answer = await fetch(
          `http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email, password, returnSecureToken: true }),
          },
        );
        if (!answer.ok) throw new Error(`Sign-up of ${email} at the emulator answered ${answer.status}`);
        const body = (await answer.json()) as { idToken: string; localId: string };
        const token = straddlesSecond(body.idToken)
          ? await signInWithPassword(emulatorHost, email, password)
          : body.idToken;
        return { uid: body.localId, email, token };
      }),
    );
    accounts.push(...batch);
  }
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
