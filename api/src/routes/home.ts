/** The home page's reads (issue 27): `GET api/home` for everyone, `GET api/user/home` for the caller. */
import { errors } from '@hub/contract/common';
import { MyHome, PublicHome } from '@hub/contract/home';
import { requireUser } from '../auth/caller.ts';
import type { AppContext } from '../context.ts';
import type { App } from '../http/app-type.ts';
import {
  activeCommunities,
  eventsOfMyCommunities,
  featuredEvent,
  suggestedCommunities,
} from '../services/home-queries.ts';
import { viewerOf } from '../services/visibility.ts';

export function homeRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;
  const readPublicHome = ctx.readCache.define('publicHome', async (_: undefined) => {
    const [featured, active] = [await featuredEvent(db), await activeCommunities(db)];
    return { featuredEvent: featured, activeCommunities: active };
  });

  app.get('/api/home', {
    config: { publicCache: true },
    schema: {
      tags: ['home'],
      summary: "The home page's featured event and most active communities, the same for every visitor",
      response: { 200: PublicHome },
    },
    handler: () => readPublicHome(undefined),
  });

  app.get('/api/user/home', {
    schema: {
      tags: ['user'],
      summary: "The caller's home: upcoming events of their communities, and communities they may like",
      description:
        'Suggestions: communities the caller is not in, by how many members share their city or business unit, then the most active. Private to the caller (no-store).',
      security: [{ bearer: [] }],
      response: { 200: MyHome, ...errors(401, 403) },
    },
    handler: async (request) => {
      const user = await requireUser(ctx, request);
      // One after the other: PGlite runs one statement at a time anyway.
      const viewer = viewerOf(user);
      const communityEvents = await eventsOfMyCommunities(db, user.id, viewer);
      const suggested = await suggestedCommunities(db, user.id, viewer);
      return { communityEvents, suggestedCommunities: suggested };
    },
  });
}
