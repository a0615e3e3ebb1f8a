import { CommunityBaseId, Permission, Role, SyncCode } from './enums.ts';

// SPEC §3's values spelled out literally, so a changed number fails here and not in production.
describe('the contract enums', () => {
  it('numbers the roles as SPEC §3 does', () => {
    expect(Role).toEqual({ Admin: 0, CoreMember: 1, Capgemini: 2, External: 3, Anonymous: 4 });
  });

  it('numbers the permissions as SPEC §3 does', () => {
    expect(Permission).toEqual({ AdminAccess: 0, CoreMemberAccess: 1, CapgeminiAccess: 2, UserAccess: 3 });
  });

  it('numbers the sync codes 0 to 6 as SPEC §3 does', () => {
    expect(SyncCode).toEqual({
      NoSyncNeeded: 0,
      UserCreated: 1,
      UserUpdated: 2,
      MappingsCreated: 3,
      InvalidAuthUserId: 4,
      InvalidEmail: 5,
      Error: 6,
    });
  });

  it('names community base 1 and network base 2', () => {
    expect(CommunityBaseId).toEqual({ Community: 1, Network: 2 });
  });
});
