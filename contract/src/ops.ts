/** Operations: the liveness probe, also read by the admins' platform status page. */
import { Type, type Static } from '@sinclair/typebox';

/** GET api/health */
export const Health = Type.Object({
  status: Type.Literal('ok'),
  database: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
  version: Type.String({ description: "the API's version (also the OpenAPI description's)" }),
  startedAt: Type.String({ format: 'date-time', description: 'when this API process started' }),
  uptimeSeconds: Type.Integer(),
  databaseLatencyMs: Type.Number({ description: 'round trip of the `select 1` this answer made' }),
});
export type Health = Static<typeof Health>;

/**
 * GET api/health/live and api/health/ready: the probes of a load balancer or orchestrator. Liveness
 * is `ok` while the process answers; readiness is `ok` (200) when the process should get traffic, and
 * `unavailable` (503) with what is wrong otherwise (database, Redis, migrations, shutting down).
 */
export const HealthProbe = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('unavailable')]),
  problems: Type.Array(Type.String(), { description: 'what keeps the process from being ready; empty when ok' }),
});
export type HealthProbe = Static<typeof HealthProbe>;
