/**
 * Many distinct signed-in users at once, from the Auth emulator: the concurrency tests' racers and
 * the registration-rush bench's attendees. Each is an e-mail/password account made through the
 * public signUp call, which answers an ID token straight away.
 */
import { fetch } from 'undici';
import { signInWithPassword, straddlesSecond } from '../../../devstack/auth-emulator/index.ts';

export interface EmulatorAccount {
  uid: string;
  email: string;
  token: string;
}

const PASSWORD = 'Race!Passw0rd';
/** Sign-ups in flight at once: the emulator answers a batch in a few hundred milliseconds. */
const BATCH = 25;

/** `n` new accounts on the emulator at `host`, with addresses under `tag` (unique per call). */
export async function signUpAccounts(host: string, n: number, tag: string): Promise<EmulatorAccount[]> {
  const out: EmulatorAccount[] = [];
  for (let start = 0; start < n; start += BATCH) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(BATCH, n - start) }, async (_, k) => {
        const email = `${tag}-${start + k}@race.hub`;
        const res = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake-api-key`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: PASSWORD, returnSecureToken: true }),
        });
        if (!res.ok) throw new Error(`Sign-up of ${email} at the emulator answered ${res.status}`);
        const body = (await res.json()) as { idToken: string; localId: string };
        // A sign-up that straddled a second boundary yields a token the revocation check refuses;
        // signing in again gives one stamped after the account's validSince.
        const token = straddlesSecond(body.idToken) ? await signInWithPassword(host, email, PASSWORD) : body.idToken;
        return { uid: body.localId, email, token };
      }),
    );
    out.push(...batch);
  }
  return out;
}
