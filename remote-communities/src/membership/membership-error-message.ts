import { toNormalisedError, type MembershipAction } from '@hub/shared';
import { membershipTexts } from '../texts/membership-texts';

/** SPEC §8: 404 has a text per action (gone, or already / not a member); any other failure is generic. */
export function membershipErrorMessage(error: unknown, action: MembershipAction): string {
  if (toNormalisedError(error).status !== 404) return membershipTexts.otherFailure;
  return action === 'leave' ? membershipTexts.leaveNotFound : membershipTexts.joinNotFound;
}
