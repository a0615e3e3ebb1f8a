/** The visibility field's schema (issue 28), apart from its words (visibility.ts), which pages carry. */
import { Type } from '@sinclair/typebox';
import { VISIBILITIES } from './visibility.ts';

export const VisibilitySchema = Type.Union(
  VISIBILITIES.map((v) => Type.Literal(v)),
  {
    description:
      'public (anyone, listed), unlisted (anyone with the link, never listed), staff (staff and admins), members (the community’s members)',
  },
);
