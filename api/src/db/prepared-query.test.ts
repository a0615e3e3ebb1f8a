import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CompiledQuery, Kysely, QueryResult } from 'kysely';
import { prepareQuery, type SlotOf } from './prepared-query.ts';
import type { Database } from './schema.ts';

describe('prepared query', () => {
  const byCountry = prepareQuery((db, slot: SlotOf<{ countryId: number; limit: number }>) =>
    db
      .selectFrom('community')
      .select(['id', 'communityBaseId'])
      .where('countryId', '=', slot('countryId'))
      .where('communityBaseId', '=', 1)
      .limit(slot('limit')),
  );

  it('compiles once, with placeholders where the slots are and constants kept', () => {
    assert.match(byCountry.sql, /"country_id" = \$1 and "community_base_id" = \$2 limit \$3$/);
    assert.deepEqual(byCountry.parameters({ countryId: 4, limit: 20 }), [4, 1, 20]);
    assert.deepEqual(byCountry.parameters({ countryId: 9, limit: 5 }), [9, 1, 5]);
  });

  it('runs the same text with each call’s values, through the executor’s plugins', async () => {
    const seen: CompiledQuery[] = [];
    const executor = {
      async executeQuery(query: CompiledQuery): Promise<QueryResult<unknown>> {
        seen.push(query);
        return { rows: [{ id: 1, communityBaseId: 1 }] };
      },
    } as unknown as Kysely<Database>;
    const rows = await byCountry.execute(executor, { countryId: 2, limit: 3 });
    await byCountry.execute(executor, { countryId: 3, limit: 3 });
    assert.deepEqual(rows, [{ id: 1, communityBaseId: 1 }]);
    assert.equal(seen[0]!.sql, seen[1]!.sql);
    assert.deepEqual(
      seen.map((q) => q.parameters),
      [
        [2, 1, 3],
        [3, 1, 3],
      ],
    );
  });

  it('refuses a slot that was turned into text instead of bound', () => {
    assert.throws(
      () =>
        prepareQuery((db, slot: SlotOf<{ q: string }>) =>
          db
            .selectFrom('community')
            .select('id')
            .where('name', 'ilike', `%${slot('q')}%`),
        ),
      /slot\(s\) q are not bound parameters/,
    );
  });
});
