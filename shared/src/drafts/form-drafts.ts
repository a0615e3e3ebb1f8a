/**
 * Half-filled forms kept on this device, so a reload or a closed tab loses nothing: one entry per
 * user and form (`hub-draft:<userId>:<form>`), removed when the form is saved or discarded, and all of
 * them at logout (a draft is the user's own writing, not for the next person at this browser).
 */
export const draftKeyPrefix = 'hub-draft:';

export interface StoredDraft<V> {
  values: V;
  /** When it was written (ISO), for the "Draft restored" notice. */
  savedAt: string;
}

export function draftKey(userId: string, form: string): string {
  return `${draftKeyPrefix}${userId}:${form}`;
}

export function readDraft(key: string, storage: Storage = localStorage): StoredDraft<unknown> | null {
  try {
    const stored = JSON.parse(storage.getItem(key) ?? 'null') as Partial<StoredDraft<unknown>> | null;
    return stored && typeof stored === 'object' && typeof stored.savedAt === 'string' && 'values' in stored
      ? { values: stored.values, savedAt: stored.savedAt }
      : null;
  } catch {
    return null;
  }
}

export function saveDraft<V>(key: string, values: V, storage: Storage = localStorage, now = new Date()): void {
  try {
    storage.setItem(key, JSON.stringify({ values, savedAt: now.toISOString() } satisfies StoredDraft<V>));
  } catch {
    // Full or disabled storage: the form still works, only without a draft.
  }
}

export function forgetDraft(key: string, storage: Storage = localStorage): void {
  try {
    storage.removeItem(key);
  } catch {
    // see saveDraft
  }
}

/** Every draft of every user on this device (logout). */
export function forgetDrafts(storage: Storage = localStorage): void {
  try {
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter(
      (key): key is string => key?.startsWith(draftKeyPrefix) === true,
    );
    keys.forEach((key) => storage.removeItem(key));
  } catch {
    // see saveDraft
  }
}
