import { fallbackUser, type UserInfo } from '../user/user-info';
import { Permission } from '@hub/contract/enums';
import type { AuthStatus } from '../auth/auth-state';
import { decideAccess, type AccessDecision, type AccessLevel } from './access-level';

type Who = 'loggedOut' | 'loading' | 'anonymous' | 'user' | 'capgemini' | 'coreMember' | 'admin';

/** Each column of the matrix: an auth status and the user info the guard sees with it. */
const people: Record<Who, { status: AuthStatus; permissions: Permission[] }> = {
  loggedOut: { status: 'loggedOut', permissions: [] },
  // Still loading: whatever the user info says, the user is not logged in yet.
  loading: { status: 'loading', permissions: [Permission.AdminAccess] },
  anonymous: { status: 'loggedIn', permissions: [] },
  user: { status: 'loggedIn', permissions: [Permission.UserAccess] },
  capgemini: { status: 'loggedIn', permissions: [Permission.UserAccess, Permission.CapgeminiAccess] },
  coreMember: { status: 'loggedIn', permissions: [Permission.UserAccess, Permission.CoreMemberAccess] },
  admin: { status: 'loggedIn', permissions: [Permission.UserAccess, Permission.AdminAccess] },
};

const ok = 'allow';
const login = '/account/login';
const myAccount = '/my-account';
const home = '/';
type Expected = typeof ok | typeof login | typeof myAccount | typeof home;

/** SPEC §4 route guards and §6 access levels, written out for every level and every kind of visitor. */
// prettier-ignore
const matrix: Record<AccessLevel, Record<Who, Expected>> = {
  public: {
    loggedOut: ok, loading: ok, anonymous: ok, user: ok, capgemini: ok, coreMember: ok, admin: ok,
  },
  anonymousOnly: {
    loggedOut: ok, loading: ok, anonymous: myAccount, user: myAccount, capgemini: myAccount, coreMember: myAccount, admin: myAccount,
  },
  loggedIn: {
    loggedOut: login, loading: login, anonymous: ok, user: ok, capgemini: ok, coreMember: ok, admin: ok,
  },
  coreMember: {
    loggedOut: login, loading: login, anonymous: home, user: home, capgemini: home, coreMember: ok, admin: ok,
  },
  admin: {
    loggedOut: login, loading: login, anonymous: home, user: home, capgemini: home, coreMember: home, admin: ok,
  },
};

const cases = Object.entries(matrix).flatMap(([level, row]) =>
  Object.entries(row).map(([who, expected]) => [level as AccessLevel, who as Who, expected] as const),
);

function toExpected(decision: AccessDecision): Expected {
  return decision.allow ? ok : (decision.redirectTo as Expected);
}

describe('decideAccess (SPEC §4 route guards, §6 access levels)', () => {
  it('covers 5 levels × 7 kinds of visitor', () => {
    expect(cases).toHaveLength(35);
  });

  it.each(cases)('%s route, %s visitor → %s', (level, who, expected) => {
    const { status, permissions } = people[who];
    const user: UserInfo = { ...fallbackUser, permissions };
    expect(toExpected(decideAccess(level, status, user))).toBe(expected);
  });

  it('a redirect never also allows', () => {
    const decision = decideAccess('admin', 'loggedOut', fallbackUser);
    expect(decision).toEqual({ allow: false, redirectTo: '/account/login' });
  });
});
