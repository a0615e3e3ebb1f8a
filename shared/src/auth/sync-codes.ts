import { SyncCode } from '@hub/contract/enums';

/** SPEC §8 "Other": how the failing sync codes are logged, spelled once for the flow and its tests. */
export const syncErrorTexts = {
  [SyncCode.InvalidAuthUserId]: 'Invalid auth userId provided.',
  [SyncCode.InvalidEmail]: 'Invalid email address provided.',
  [SyncCode.Error]: 'An unknown error occurred during sync.',
} as const;

/** The SPEC §8 text for a failing code (4, 5 or 6), or null for a successful one. */
export function syncErrorText(code: number): string | null {
  return (syncErrorTexts as Record<number, string>)[code] ?? null;
}

/** SPEC §9: the user sync gives up after this long; the result is then null. */
export const userSyncTimeoutMs = 5000;
