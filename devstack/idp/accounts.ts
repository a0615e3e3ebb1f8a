/**
 * The demo work accounts of DESIGN.md, as the work-account identity provider stand-in knows them.
 * `oid` is stable (as Entra's object id is) so the same person is the same user across restarts.
 *
 * Two directories: the company's tenant (HUB_TENANT_ID) and a foreign one (HUB_FOREIGN_TENANT_ID),
 * whose accounts sign in as well, as any Entra tenant's do with a multi-tenant app or Graph: the API
 * must refuse them itself (issue 23). One foreign account's administrator set its `mail` to the
 * company's Jane Doe's address ("nOAuth": Entra does not verify `mail`).
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
  /** Whose directory: the company's tenant or the foreign one (its `tid`). */
  directory: 'company' | 'foreign';
  /** Graph `mail` and the ID token's `email` when an administrator set one other than `email` (then only the UPN). */
  mail?: string;
}

export const WORK_ACCOUNTS: readonly WorkAccount[] = [
  {
    oid: '5f0c8a43-2a7e-4c1b-9d3e-6b1f2a9c0d11',
    givenName: 'Jane',
    surname: 'Doe',
    email: 'jane.doe@corp.test',
    city: 'Utrecht',
    directory: 'company',
  },
  {
    oid: '9b2e71d4-63f5-4e0a-8c47-d1a3b5e6f722',
    givenName: 'John',
    surname: 'Smith',
    email: 'john.smith@corp.test',
    city: 'Lyon',
    directory: 'company',
  },
  {
    oid: 'c7d1e5a9-3b2f-4a60-8e94-0f6b2d8c4a17',
    givenName: 'Mallory',
    surname: 'Reed',
    email: 'mallory.reed@fabrikam.test',
    city: 'Oslo',
    directory: 'foreign',
  },
  {
    oid: 'a3f9b0c2-7e15-4d68-b2a4-5c8e1f0d9b36',
    givenName: 'Jane',
    surname: 'Dough',
    email: 'jane.dough@fabrikam.test',
    mail: 'jane.doe@corp.test',
    city: null,
    directory: 'foreign',
  },
];

/** The organisation each directory stands for, as the chooser shows it. */
export const DIRECTORY_NAMES = { company: 'Corp', foreign: 'Fabrikam – another tenant' } as const;

/** The address Graph gives as `mail` and the ID token as `email`. */
export const mailOf = (a: WorkAccount): string => a.mail ?? a.email;

export const displayName = (a: WorkAccount): string => `${a.givenName} ${a.surname}`;

export function findWorkAccount(id: string): WorkAccount | undefined {
  return WORK_ACCOUNTS.find((a) => a.oid === id);
}
