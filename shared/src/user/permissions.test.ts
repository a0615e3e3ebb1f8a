import { canManage, hasPermission, isAdmin, isCommunityLead, isCoreMemberOf } from './permissions';
import { Permission } from '@hub/contract/enums';
import type { CoreSeat } from '@hub/contract/user';
import { fallbackUser, type UserInfo } from './user-info';

function user(permissions: Permission[], coreMemberOfCommunities: CoreSeat[] = []): UserInfo {
  return { ...fallbackUser, permissions, coreMemberOfCommunities };
}

const lead7: CoreSeat = { communityId: 7, responsibleForCommunity: true };
const member7: CoreSeat = { communityId: 7, responsibleForCommunity: false };

describe('permissions (SPEC §6)', () => {
  it('reads permissions from the user info; anonymous means none', () => {
    expect(hasPermission(fallbackUser, Permission.UserAccess)).toBe(false);
    expect(hasPermission(user([Permission.UserAccess]), Permission.UserAccess)).toBe(true);
    expect(hasPermission(user([Permission.UserAccess]), Permission.AdminAccess)).toBe(false);
  });

  it('Manage needs core member access and above', () => {
    expect(canManage(user([Permission.UserAccess, Permission.CapgeminiAccess]))).toBe(false);
    expect(canManage(user([Permission.CoreMemberAccess]))).toBe(true);
    expect(canManage(user([Permission.AdminAccess]))).toBe(true);
  });

  it('Admin needs admin access', () => {
    expect(isAdmin(user([Permission.CoreMemberAccess]))).toBe(false);
    expect(isAdmin(user([Permission.AdminAccess]))).toBe(true);
  });

  describe('isCoreMemberOf: core member access plus a membership entry for that community', () => {
    it('is true with both', () => {
      expect(isCoreMemberOf(user([Permission.CoreMemberAccess], [member7]), 7)).toBe(true);
    });

    it('is false with the membership entry but without CoreMemberAccess', () => {
      expect(isCoreMemberOf(user([Permission.UserAccess], [member7]), 7)).toBe(false);
    });

    it('is false with CoreMemberAccess but no entry for that community', () => {
      expect(isCoreMemberOf(user([Permission.CoreMemberAccess], [member7]), 8)).toBe(false);
      expect(isCoreMemberOf(user([Permission.CoreMemberAccess]), 7)).toBe(false);
    });
  });

  describe('isCommunityLead: additionally responsibleForCommunity is true', () => {
    it('is true for a responsible core member of that community', () => {
      expect(isCommunityLead(user([Permission.CoreMemberAccess], [lead7]), 7)).toBe(true);
    });

    it('is false for a core member of that community who is not responsible for it', () => {
      expect(isCommunityLead(user([Permission.CoreMemberAccess], [member7]), 7)).toBe(false);
    });

    it('is false when responsible for another community only', () => {
      const u = user([Permission.CoreMemberAccess], [member7, { communityId: 9, responsibleForCommunity: true }]);
      expect(isCommunityLead(u, 7)).toBe(false);
      expect(isCommunityLead(u, 9)).toBe(true);
    });

    it('is false without CoreMemberAccess even when responsible', () => {
      expect(isCommunityLead(user([Permission.UserAccess], [lead7]), 7)).toBe(false);
    });
  });
});
