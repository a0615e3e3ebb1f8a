/**
 * firebase-admin needs Google credentials to check revoked sign-ins (`checkRevoked`) and to make the
 * account mails' links: a service-account key file named by GOOGLE_APPLICATION_CREDENTIALS (or a
 * workload identity federation file there), or the platform's metadata server (GKE Workload
 * Identity, Cloud Run). Without them the first verified request fails, not the start: so the file is
 * read at start, and a problem named then.
 */
import { readFileSync } from 'node:fs';

/** The `type`s of credential file google-auth-library accepts for a server. */
const CREDENTIAL_TYPES = ['service_account', 'external_account', 'impersonated_service_account'];

/** Why the credentials file cannot serve, or null when it can. Never repeats the file's contents. */
export function credentialsFileProblem(path: string): string | null {
  const problem = (why: string) => `GOOGLE_APPLICATION_CREDENTIALS names ${path}, which ${why}.`;
  let content: string;
  try {
    content = readFileSync(path, 'utf8');
  } catch (error) {
    return problem(`cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return problem('is not JSON');
  }
  const file = (parsed ?? {}) as Record<string, unknown>;
  if (typeof file['type'] !== 'string' || !CREDENTIAL_TYPES.includes(file['type']))
    return problem(`is not a credentials file of type ${CREDENTIAL_TYPES.join(', ')}`);
  if (
    file['type'] === 'service_account' &&
    (typeof file['client_email'] !== 'string' || typeof file['private_key'] !== 'string')
  )
    return problem('is a service-account file without client_email and private_key');
  return null;
}
