/**
 * The signed-in person's mail preferences (My account): GET answers every kind's switch and the news
 * choice of every community they joined; PUT changes the switches and choices it is given.
 */
import { errors } from '@hub/contract/common';
import { MailPreferences, MailPreferencesInput } from '@hub/contract/mail-preferences';
import { requireUser } from '../auth/caller.ts';
import type { AppContext } from '../context.ts';
import type { App } from '../http/app-type.ts';
import { emptyBodyAsObject } from '../http/empty-body.ts';
import { readMailPreferences, saveMailPreferences } from '../mail/preferences/mail-preferences.ts';

export function mailPreferenceRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;

  app.get('/api/user/mail-preferences', {
    schema: {
      tags: ['user'],
      summary: "The caller's mail preferences: each kind of non-transactional mail, and each joined community's news",
      security: [{ bearer: [] }],
      response: { 200: MailPreferences, ...errors(401, 403) },
    },
    handler: async (request) => {
      const user = await requireUser(ctx, request);
      return readMailPreferences(db, user.id);
    },
  });

  app.put('/api/user/mail-preferences', {
    schema: {
      tags: ['user'],
      summary: 'Change mail preferences: the kinds and community choices given (others stay as they are)',
      description:
        "A kind switched off stops that kind of mail; a community's choice is 'now' (a mail per new event), 'digest' (the weekly digest, the default) or 'none'. Only communities the caller joined.",
      security: [{ bearer: [] }],
      body: MailPreferencesInput,
      response: { 200: MailPreferences, ...errors(400, 401, 403) },
    },
    preValidation: emptyBodyAsObject,
    handler: async (request) => {
      const user = await requireUser(ctx, request);
      await saveMailPreferences(db, user.id, request.body);
      return readMailPreferences(db, user.id);
    },
  });
}
