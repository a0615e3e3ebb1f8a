/**
 * The benchmark's yardstick (only with HUB_BENCH_ROUTES, never in production): the same SQL as
 * GET api/community/{id}, the first page of GET api/events (plain, and searched for "Utrecht") and GET
 * api/events/{id} (their prepared text), sent through
 * the raw `pg` pool with no query builder, no validation and no response schema. It prepares its
 * statements by name, as the API's pool does, so the comparison measures the framework, not
 * statement planning.
 */
import type { AppContext } from '../context.ts';
import type { App } from '../http/app-type.ts';
import { communityDetailStatements } from '../services/community-queries.ts';
import { eventDetailStatements, eventListStatement } from '../services/event-queries.ts';
import { ANONYMOUS_VIEWER } from '../services/visibility.ts';

// The anonymous visitor's statements: what a CDN-less public read runs (issue 28's filter included).
const communityDetailStatement = communityDetailStatements.anonymous;
const eventDetailStatement = eventDetailStatements.anonymous;

export function benchBareRoutes(app: App, ctx: AppContext): void {
  // Compiled once at start: the text is exactly what the query builder sends, parameters aside.
  const communitySql = communityDetailStatement.sql;
  const events = eventListStatement({ when: 'upcoming', page: 1, pageSize: 20, viewer: ANONYMOUS_VIEWER });
  const eventsSql = events.statement.sql;
  const eventsValues = events.statement.parameters(events.args);
  // The search of the events page (issue 23: title, description or city), as typed in its box.
  const search = eventListStatement({
    when: 'upcoming',
    q: 'Utrecht',
    page: 1,
    pageSize: 20,
    viewer: ANONYMOUS_VIEWER,
  });
  const searchSql = search.statement.sql;
  const searchValues = search.statement.parameters(search.args);

  const eventSql = eventDetailStatement.sql;
  app.get('/api/bench/bare/events/:id', async (request, reply) => {
    const id = Number((request.params as { id: string }).id);
    const { rows } = await ctx.pool.query({
      name: 'bare_event',
      text: eventSql,
      values: eventDetailStatement.parameters({ id, viewerId: 0 }),
    });
    if (!rows[0]) return reply.code(404).send('{"message":"Event not found","details":[]}');
    return reply.type('application/json').send(JSON.stringify(rows[0]));
  });

  app.get('/api/bench/bare/community/:id', async (request, reply) => {
    const id = Number((request.params as { id: string }).id);
    const { rows } = await ctx.pool.query({
      name: 'bare_community',
      text: communitySql,
      values: communityDetailStatement.parameters({ id, viewerId: 0 }),
    });
    if (!rows[0]) return reply.code(404).send('{"message":"Community not found","details":[]}');
    return reply.type('application/json').send(JSON.stringify(rows[0]));
  });

  // CPU time the server process has used: on a shared machine, CPU per request is a steadier
  // yardstick than requests per second, which other processes' load swings.
  app.get('/api/bench/cpu', async () => {
    const { user, system } = process.cpuUsage();
    return { cpuMicros: user + system };
  });

  app.get('/api/bench/bare/events', async (_request, reply) => {
    const { rows } = await ctx.pool.query({
      name: 'bare_events',
      text: eventsSql,
      values: eventsValues,
    });
    return reply
      .type('application/json')
      .send(JSON.stringify({ items: rows, total: rows[0]?.total ?? 0, page: 1, pageSize: 20 }));
  });

  app.get('/api/bench/bare/events-search', async (_request, reply) => {
    const { rows } = await ctx.pool.query({ name: 'bare_events_search', text: searchSql, values: searchValues });
    return reply
      .type('application/json')
      .send(JSON.stringify({ items: rows, total: rows[0]?.total ?? 0, page: 1, pageSize: 20 }));
  });
}
