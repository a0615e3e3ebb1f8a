/** Schema pieces every resource uses: the error body, ids, text builders and paging. */
import { Type, type Static, type TSchema } from '@sinclair/typebox';

export const ErrorBody = Type.Object(
  { message: Type.String(), details: Type.Array(Type.String()) },
  { description: 'Every error: a message and the list of details (one per invalid field for 400).' },
);
export type ErrorBody = Static<typeof ErrorBody>;

/** Error responses of a route, keyed by status, for the OpenAPI description and serialisation. */
export function errors(...codes: number[]): Record<number, typeof ErrorBody> {
  return Object.fromEntries(codes.map((c) => [c, ErrorBody]));
}

/** A database id: PostgreSQL's `integer` bounds, so a larger number is a 400, not a driver error. */
export const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
export const IdParams = Type.Object({ id: Id });
export type IdParams = Static<typeof IdParams>;
export const CommunityIdParams = Type.Object({ communityId: Id });
export type CommunityIdParams = Static<typeof CommunityIdParams>;

/** The empty answer of a 204. */
export const NoContent = Type.Null();

/** The `{ message }` answer of calls that only confirm (the account e-mails). */
export const Message = Type.Object({ message: Type.String() });
export type Message = Static<typeof Message>;

/*
 * Text fields carry a named format (text-formats.ts, registered into the API's ajv and the browser's TypeBox) that refuses what cannot be
 * stored or should not be shown: U+0000, unpaired surrogates, control and invisible formatting characters.
 */
/** A required name or title: one line, bounded, with at least one visible letter. */
export const Name = (max = 120) => Type.String({ minLength: 1, maxLength: max, format: 'name' });
/** Free text that may span lines (descriptions), possibly empty. */
export const OptionalText = (max: number) => Type.String({ maxLength: max, format: 'multi-line-text' });
/** One line of text, possibly empty (search terms, addresses, tokens). */
export const SingleLine = (max: number) => Type.String({ maxLength: max, format: 'single-line-text' });
/** An image address: empty, or https (http://localhost too outside production). */
export const ImageUrl = Type.String({ maxLength: 2048, format: 'image-url' });
/** An instant: RFC 3339 date-time between 1970 and 9999, no leap second. */
export const Timestamp = Type.String({ format: 'timestamp' });
/** An IANA time zone name ('Europe/Amsterdam'). */
export const TimeZone = Type.String({ maxLength: 64, format: 'time-zone' });
/** An online location's join link (https). */
export const JoinUrl = Type.String({ maxLength: 2048, format: 'join-url' });
export const Email = Type.String({ format: 'email', minLength: 3, maxLength: 254 });

export const Page = Type.Integer({ minimum: 1, maximum: 100_000, default: 1 });
export const PageSize = Type.Integer({ minimum: 1, maximum: 100, default: 20 });

export function Paged<T extends TSchema>(item: T) {
  return Type.Object({
    items: Type.Array(item),
    total: Type.Integer(),
    page: Type.Integer(),
    pageSize: Type.Integer(),
  });
}
