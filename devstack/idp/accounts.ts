/**
 * The demo work accounts of DESIGN.md, as the work-account identity provider stand-in knows them.
 * `oid` is stable (as Entra's object id is) so the same person is the same user across restarts.
 */
export interface WorkAccount {
  /** Entra object id: a GUID, also the Graph `id`. */
  oid: string;
  givenName: string;
  surname: string;
  /** `preferred_username`, `email`, Graph `mail` and `userPrincipalName`. */
  email: string;
  /** Graph `city`; the API stores it on first sign-in. */
  city: string | null;
}

export const WORK_ACCOUNTS: readonly WorkAccount[] = [
  {
    oid: '5f0c8a43-2a7e-4c1b-9d3e-6b1f2a9c0d11',
    givenName: 'Jane',
    surname: 'Doe',
    email: 'jane.doe@corp.test',
    city: 'Utrecht',
  },
  {
    oid: '9b2e71d4-63f5-4e0a-8c47-d1a3b5e6f722',
    givenName: 'John',
    surname: 'Smith',
    email: 'john.smith@corp.test',
    city: 'Lyon',
  },
];

export const displayName = (a: WorkAccount): string => `${a.givenName} ${a.surname}`;

export function findWorkAccount(id: string): WorkAccount | undefined {
  return WORK_ACCOUNTS.find((a) => a.oid === id);
}
