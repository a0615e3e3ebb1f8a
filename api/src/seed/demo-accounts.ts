/**
 * The demo accounts of DESIGN.md "Demo data". The uids are fixed so that the API's database rows
 * (keyed by Firebase uid) stay valid across emulator restarts: the emulator keeps no state.
 */
export const DEMO_PASSWORD = 'Demo!Passw0rd';

export type DemoAccountKey = 'admin' | 'lead' | 'core' | 'staff' | 'newstaff' | 'external';

export interface DemoAccount {
  key: DemoAccountKey;
  uid: string;
  email: string;
  firstName: string;
  lastName: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { key: 'admin', uid: 'demo-admin', email: 'admin@hub.test', firstName: 'Ada', lastName: 'Admin' },
  { key: 'lead', uid: 'demo-lead', email: 'lead@hub.test', firstName: 'Lena', lastName: 'Lead' },
  { key: 'core', uid: 'demo-core', email: 'core@hub.test', firstName: 'Carl', lastName: 'Core' },
  { key: 'staff', uid: 'demo-staff', email: 'staff@hub.test', firstName: 'Sam', lastName: 'Staff' },
  { key: 'newstaff', uid: 'demo-newstaff', email: 'newstaff@hub.test', firstName: 'Nina', lastName: 'Newstaff' },
  { key: 'external', uid: 'demo-external', email: 'external@hub.test', firstName: 'Eve', lastName: 'External' },
];

/** SPEC.md §5: the identity provider stores the display name as 'lastName, firstName'. */
export function displayNameOf(account: Pick<DemoAccount, 'firstName' | 'lastName'>): string {
  return `${account.lastName}, ${account.firstName}`;
}
