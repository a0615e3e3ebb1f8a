/**
 * Issue 28, "Who's going", on PGlite and PostgreSQL:
 *  - only attendees who agreed are named (first names, in registration order, never the caller);
 *    everyone else seated is counted in `others`: those who did not agree and anonymous places;
 *    the waiting list and those who withdrew are neither named nor counted;
 *  - the per-event choice can be changed later; the default (My account) applies to new attendances
 *    only; both are off until switched on; the export holds both;
 *  - a caller who may not see the event gets the 404 of a missing event; anonymous callers 401;
 *    every answer is `private, no-store`.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventBody } from './helpers/event-body.ts';
import { call, postgresAdminUrl, startTestApi, tokenFor, type TestApi } from './helpers/test-env.ts';

const MISSING = 999_999;
/** One online place: attending with an empty body takes it. */
const ONLINE = [{ cityName: '', address: null, online: 'Yes' }];

for (const kind of ['pglite', 'postgres'] as const) {
  describe(
    `who's going (${kind})`,
    { skip: kind === 'postgres' && !postgresAdminUrl() ? 'no PostgreSQL' : false },
    () => {
      let api: TestApi;
      const tokens: Record<'admin' | 'lead' | 'core' | 'staff' | 'newstaff' | 'external', string> = {
        admin: '',
        lead: '',
        core: '',
        staff: '',
        newstaff: '',
        external: '',
      };
      before(async () => {
        api = await startTestApi({ kind, config: { waitingList: true } });
        for (const name of Object.keys(tokens) as (keyof typeof tokens)[])
          tokens[name] = await tokenFor(`${name}@hub.test`);
      });
      after(async () => api?.close());

      const going = (id: number, token?: string) => call(api.url, 'GET', `/api/events/${id}/whos-going`, { token });
      const attend = (id: number, token: string, body: Record<string, unknown> = {}) =>
        call(api.url, 'PUT', `/api/events/${id}/attendance`, { token, body });
      const choose = (id: number, token: string, shown: boolean) =>
        call(api.url, 'PUT', `/api/events/${id}/attendance/whos-going`, { token, body: { shown } });
      const setDefault = (token: string, shownByDefault: boolean) =>
        call(api.url, 'PUT', '/api/user/whos-going', { token, body: { shownByDefault } });
      const seen = async (id: number, token: string) => {
        const answer = await going(id, token);
        assert.equal(answer.status, 200, answer.text);
        return { names: answer.json.names, others: answer.json.others };
      };

      it('names only those who agreed, counts the others, and follows changes, the default and the waiting list', async () => {
        const created = await call(api.url, 'POST', '/api/events', {
          token: tokens.admin,
          body: eventBody("Who's going check", 3, ONLINE),
        });
        assert.equal(created.status, 201, created.text);
        const id = created.json.id as number;

        // Off until switched on: the default, and an attendance made without a choice.
        const before = await call(api.url, 'GET', '/api/user/whos-going', { token: tokens.newstaff });
        assert.deepEqual(before.json, { shownByDefault: false });
        assert.equal(before.headers.get('cache-control'), 'private, no-store');
        assert.deepEqual((await setDefault(tokens.newstaff, true)).json, { shownByDefault: true });

        assert.equal((await attend(id, tokens.staff, { shownInWhosGoing: true })).json.status, 'attending');
        assert.equal((await attend(id, tokens.newstaff)).json.status, 'attending', 'takes her default: shown');
        assert.equal((await attend(id, tokens.external)).json.status, 'attending', 'no default: not shown');
        assert.equal((await attend(id, tokens.core, { shownInWhosGoing: true })).json.status, 'waiting');
        // A deleted account's (or a retained) place: counted, never named.
        await api.database.db
          .insertInto('eventAttendee')
          .values({ eventId: id, userId: null, eventLocationId: null, status: 'attending', shownInWhosGoing: true })
          .execute();

        const me = async (token: string) =>
          (await call(api.url, 'GET', `/api/events/${id}/me`, { token })).json.shownInWhosGoing;
        assert.deepEqual(
          [await me(tokens.staff), await me(tokens.newstaff), await me(tokens.external), await me(tokens.core)],
          [true, true, false, true],
        );
        assert.equal(await me(tokens.lead), false, 'not attending: false');

        const forLead = await going(id, tokens.lead);
        assert.equal(forLead.headers.get('cache-control'), 'private, no-store');
        assert.deepEqual(
          forLead.json,
          { eventId: id, names: ['Sam', 'Nina'], others: 2 },
          'Eve and the anonymous place',
        );
        // The caller is never among the names nor the others.
        assert.deepEqual(await seen(id, tokens.staff), { names: ['Nina'], others: 2 });
        assert.deepEqual(await seen(id, tokens.external), { names: ['Sam', 'Nina'], others: 1 });

        // A later change for this event; the default changes only what comes next.
        assert.deepEqual((await choose(id, tokens.external, true)).json, { eventId: id, shown: true });
        assert.deepEqual((await choose(id, tokens.staff, false)).json, { eventId: id, shown: false });
        assert.deepEqual((await setDefault(tokens.newstaff, false)).json, { shownByDefault: false });
        assert.deepEqual(await seen(id, tokens.lead), { names: ['Nina', 'Eve'], others: 2 });

        // Nina withdraws: Carl, promoted from the waiting list, keeps the choice he made when he queued.
        assert.equal(
          (await call(api.url, 'DELETE', `/api/events/${id}/attendance`, { token: tokens.newstaff })).status,
          200,
        );
        assert.equal(
          (await call(api.url, 'GET', `/api/events/${id}/me`, { token: tokens.core })).json.status,
          'attending',
        );
        assert.deepEqual(await seen(id, tokens.lead), { names: ['Eve', 'Carl'], others: 2 });
        // Her new attendance takes her new default (off); the waiting list is not counted.
        assert.equal((await attend(id, tokens.newstaff)).json.status, 'waiting');
        assert.equal(await me(tokens.newstaff), false);
        assert.deepEqual(await seen(id, tokens.lead), { names: ['Eve', 'Carl'], others: 2 });

        // Only those registered may choose.
        const notRegistered = await choose(id, tokens.lead, true);
        assert.equal(notRegistered.status, 404);
        assert.equal(notRegistered.json.message, 'You are not registered for this event');

        // The person's export holds both choices.
        const exported = (await call(api.url, 'GET', '/api/user/export', { token: tokens.external })).json;
        assert.equal(exported.whosGoing.shownByDefault, false);
        const attendance = exported.attendances.find((a: { eventId: number }) => a.eventId === id);
        assert.equal(attendance.shownInWhosGoing, true);
      });

      it('answers anonymous callers 401 with no names, and a hidden event as a missing one', async () => {
        const created = await call(api.url, 'POST', '/api/events', {
          token: tokens.admin,
          body: { ...eventBody('Staff only going', null, ONLINE), visibility: 'staff' },
        });
        assert.equal(created.status, 201, created.text);
        const id = created.json.id as number;
        assert.equal((await attend(id, tokens.staff, { shownInWhosGoing: true })).status, 200);

        const anonymous = await going(id);
        assert.equal(anonymous.status, 401);
        assert.doesNotMatch(anonymous.text, /Sam/);
        assert.equal((await call(api.url, 'GET', '/api/user/whos-going')).status, 401);

        // The external user may not see a staff-only event: the 404 of an event that does not exist.
        for (const [hidden, missing] of [
          [await going(id, tokens.external), await going(MISSING, tokens.external)],
          [await choose(id, tokens.external, true), await choose(MISSING, tokens.external, true)],
        ] as const) {
          assert.equal(hidden.status, 404);
          assert.equal(hidden.text, missing.text);
          assert.equal(hidden.headers.get('cache-control'), missing.headers.get('cache-control'));
        }
        assert.deepEqual(await seen(id, tokens.newstaff), { names: ['Sam'], others: 0 });
      });
    },
  );
}
