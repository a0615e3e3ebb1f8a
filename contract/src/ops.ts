/** Operations: the liveness probe. */
import { Type, type Static } from '@sinclair/typebox';

/** GET api/health */
export const Health = Type.Object({
  status: Type.Literal('ok'),
  database: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
});
export type Health = Static<typeof Health>;
