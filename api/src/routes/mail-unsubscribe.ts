/**
 * One-click unsubscribe (RFC 8058), no sign-in: the signed token in the URL is the credential
 * (mail/preferences/unsubscribe-token.ts).
 *
 *  - `POST /api/mail/unsubscribe?token=…`: what a mail program sends from the List-Unsubscribe
 *    header (a form body `List-Unsubscribe=One-Click`, read and ignored: the token says it all), and
 *    what the site's unsubscribe page sends. Stops the token's kind (or its community's news) and
 *    answers what it stopped. Doing it twice is harmless.
 *  - `POST /api/mail/resubscribe?token=…`: the page's undo.
 *  - `GET /api/mail/unsubscribe?token=…`: a person who opens the header's URL in a browser is sent to
 *    the site's page, which asks nothing and says what was stopped. A GET never changes anything:
 *    mail scanners open links.
 */
import { errors } from '@hub/contract/common';
import { ResubscribeInput, UnsubscribeAnswer, UnsubscribeQuery, type NewsChoice } from '@hub/contract/mail-preferences';
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../context.ts';
import { notFound } from '../errors.ts';
import type { App } from '../http/app-type.ts';
import { emptyBodyAsObject } from '../http/empty-body.ts';
import { communityNewsChoice, setKind, setNewsChoice } from '../mail/preferences/mail-preferences.ts';
import { readUnsubscribeToken, type UnsubscribeTarget } from '../mail/preferences/unsubscribe-token.ts';

/** RFC 8058's body types; the body is not read (it is always `List-Unsubscribe=One-Click`). */
const ONE_CLICK_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

export function mailUnsubscribeRoutes(app: App, ctx: AppContext): void {
  const { db, config } = ctx;

  /** The token's target, with the community's name; 404 when the person or community is gone. */
  async function targetOf(token: string) {
    const target = await readUnsubscribeToken(token, config.unsubscribeSecret);
    const user = await db.selectFrom('appUser').select('id').where('id', '=', target.userId).executeTakeFirst();
    if (!user) throw notFound('The account this link was sent to no longer exists');
    if (target.communityId === undefined) return { target, community: null };
    const community = await db
      .selectFrom('community')
      .select(['id', 'name'])
      .where('id', '=', target.communityId)
      .executeTakeFirst();
    if (!community) throw notFound('The community of this link no longer exists');
    return { target, community };
  }

  async function apply(target: UnsubscribeTarget, stop: boolean, restoreChoice: NewsChoice) {
    if (target.kind === 'community-news' && target.communityId !== undefined) {
      const before = await communityNewsChoice(db, target.userId, target.communityId);
      await setNewsChoice(db, target.userId, target.communityId, stop ? 'none' : restoreChoice);
      return before;
    }
    await setKind(db, target.userId, target.kind, !stop);
    return null;
  }

  // Encapsulated: only these routes read form bodies; elsewhere they stay 415.
  void app.register(async (scope: App) => {
    scope.addContentTypeParser(ONE_CLICK_TYPES, { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) =>
      done(null, {}),
    );

    scope.post('/api/mail/unsubscribe', {
      schema: {
        tags: ['mail'],
        summary: 'One-click unsubscribe (RFC 8058): stops the kind of mail the signed token names, no sign-in',
        querystring: UnsubscribeQuery,
        response: { 200: UnsubscribeAnswer, ...errors(400, 404) },
      },
      handler: async (request) => {
        const { target, community } = await targetOf(request.query.token);
        const before = await apply(target, true, 'digest');
        request.log.info({ kind: target.kind, communityId: target.communityId }, 'mail unsubscribed by link');
        return { kind: target.kind, community, stopped: true, newsChoiceBefore: before };
      },
    });

    scope.post('/api/mail/resubscribe', {
      schema: {
        tags: ['mail'],
        summary: 'Undo an unsubscribe: starts the kind of mail the signed token names again',
        querystring: UnsubscribeQuery,
        body: ResubscribeInput,
        response: { 200: UnsubscribeAnswer, ...errors(400, 404) },
      },
      preValidation: emptyBodyAsObject,
      handler: async (request) => {
        const { target, community } = await targetOf(request.query.token);
        const before = await apply(target, false, request.body.newsChoice ?? 'digest');
        return { kind: target.kind, community, stopped: false, newsChoiceBefore: before };
      },
    });
  });

  app.get('/api/mail/unsubscribe', {
    schema: {
      tags: ['mail'],
      summary: "Opened in a browser: redirects to the site's unsubscribe page (a GET changes nothing)",
      querystring: UnsubscribeQuery,
      response: { 303: Type.Null() },
    },
    handler: async (request, reply) => {
      const page = `${config.siteUrl.replace(/\/+$/, '')}/account/unsubscribe?token=${encodeURIComponent(request.query.token)}`;
      return reply.redirect(page, 303);
    },
  });
}
