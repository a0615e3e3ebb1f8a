/** Public reference data: countries, business units, community bases. */
import { BusinessUnitList, CommunityBase, CountryList } from '@hub/contract/catalogue';
import { errors, IdParams } from '@hub/contract/common';
import type { AppContext } from '../context.ts';
import { notFound } from '../errors.ts';
import type { App } from '../http/app-type.ts';

export function catalogueRoutes(app: App, ctx: AppContext): void {
  const { db, readCache } = ctx;
  const readCountries = readCache.define('countries', async (_: undefined) =>
    db.selectFrom('country').select(['id', 'name', 'code']).orderBy('name').execute(),
  );
  const readBusinessUnits = readCache.define('businessUnits', async (_: undefined) =>
    db.selectFrom('businessUnit').select(['id', 'name']).orderBy('name').execute(),
  );
  const readBase = readCache.define('communityBase', async (id: number) =>
    db.selectFrom('communityBase').select(['id', 'name']).where('id', '=', id).executeTakeFirst(),
  );

  app.get('/api/country', {
    config: { publicCache: true },
    schema: {
      tags: ['catalogue'],
      summary: 'Countries (for filters and forms)',
      response: { 200: CountryList },
    },
    handler: () => readCountries(undefined),
  });

  app.get('/api/bunit', {
    config: { publicCache: true },
    schema: { tags: ['catalogue'], summary: 'Business units', response: { 200: BusinessUnitList } },
    handler: () => readBusinessUnits(undefined),
  });

  app.get('/api/communitybase/:id', {
    config: { publicCache: true },
    schema: {
      tags: ['catalogue'],
      summary: 'A community base (1 community, 2 network)',
      params: IdParams,
      response: { 200: CommunityBase, ...errors(400, 404) },
    },
    handler: async (request) => {
      const base = await readBase(request.params.id);
      if (!base) throw notFound('Community base not found');
      return base;
    },
  });
}
