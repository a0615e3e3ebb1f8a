export const defaultDisplayName = 'userHasNoName';

/**
 * SPEC §3: identity-provider display names are stored as 'lastName, firstName'; show the part
 * after the comma, trimmed. An empty result gives the default.
 */
export function displayNameFrom(stored: string | null | undefined): string {
  const raw = stored ?? '';
  const commaAt = raw.indexOf(',');
  const shown = (commaAt >= 0 ? raw.slice(commaAt + 1) : raw).trim();
  return shown || defaultDisplayName;
}

/** Registration stores the display name in this form (SPEC §5). */
export function storedDisplayName(firstName: string, lastName: string): string {
  return `${lastName.trim()}, ${firstName.trim()}`;
}
