import { Permission, Role } from '@hub/contract/enums';
import { fallbackUser } from './user-info';

describe('role and permission values (SPEC §3)', () => {
  it('Role: Admin 0, CoreMember 1, Capgemini 2, External 3, Anonymous 4', () => {
    expect(Role.Admin).toBe(0);
    expect(Role.CoreMember).toBe(1);
    expect(Role.Capgemini).toBe(2);
    expect(Role.External).toBe(3);
    expect(Role.Anonymous).toBe(4);
  });

  it('Permission: AdminAccess 0, CoreMemberAccess 1, CapgeminiAccess 2, UserAccess 3', () => {
    expect(Permission.AdminAccess).toBe(0);
    expect(Permission.CoreMemberAccess).toBe(1);
    expect(Permission.CapgeminiAccess).toBe(2);
    expect(Permission.UserAccess).toBe(3);
  });
});

describe('fallback user (SPEC §3)', () => {
  it('has role Anonymous (4) and no permissions', () => {
    expect(fallbackUser.roles).toEqual([4]);
    expect(fallbackUser.permissions).toEqual([]);
  });

  it('has empty ids and contact fields and a null city', () => {
    expect(fallbackUser.userId).toBe('');
    expect(fallbackUser.email).toBe('');
    expect(fallbackUser.phoneNumber).toBe('');
    expect(fallbackUser.imageURL).toBe('');
    expect(fallbackUser.city).toBeNull();
  });

  it('has placeholder names', () => {
    expect(fallbackUser.firstName).not.toBe('');
    expect(fallbackUser.lastName).not.toBe('');
  });

  it('has empty lists', () => {
    expect(fallbackUser.coreMemberOfCommunities).toEqual([]);
    expect(fallbackUser.memberOfCommunities).toEqual([]);
    expect(fallbackUser.attendingEvents).toEqual([]);
  });

  it('cannot be changed by accident (it is shared by everyone who is not signed in)', () => {
    expect(Object.isFrozen(fallbackUser)).toBe(true);
  });
});
