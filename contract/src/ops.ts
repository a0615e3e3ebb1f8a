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
