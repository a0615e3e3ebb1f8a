/**
 * What the test harness changed in the one shared store, as "put it back" functions. Kept apart
 * from render-page so the jest setup can undo changes after each test without loading
 * '@hub/shared' itself: a test file's own jest.mock('@hub/shared') must still take effect.
 */
const undo = new Map<unknown, () => void>();

/** Remembers how to restore `key` (an atom) unless it is already remembered in this test. */
export function rememberOnce(key: unknown, restore: () => void): void {
  if (!undo.has(key)) undo.set(key, restore);
}

/** Whether `key` was set through the harness in this test. */
export function isTouched(key: unknown): boolean {
  return undo.has(key);
}

/** Called by the jest setup after each test. */
export function restoreTouchedState(): void {
  for (const restore of undo.values()) restore();
  undo.clear();
}
