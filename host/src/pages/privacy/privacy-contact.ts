/**
 * CONFIGURATION ITEM: who the data controller is and how to reach them differ per deployment and
 * are a legal fact only the operator can state. Until `AppConfig` (shared/src/config) carries them
 * as deploy-time configuration, they are set here; `null` makes the page say plainly that the
 * operator has not published them yet, rather than inventing an address.
 */
export interface PrivacyContact {
  controller: string | null;
  email: string | null;
}

export const privacyContact: PrivacyContact = { controller: null, email: null };
