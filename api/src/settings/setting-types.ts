/**
 * The kinds of value a setting can hold, as TypeBox schemas of the text in the environment that
 * decode to the value the code uses (Type.Transform). Each carries `expected`, the words an error
 * message and the configuration reference use for what the text must look like.
 */
import { Type, type TSchema, type TTransform, type TString, type TUnion, type TLiteral } from '@sinclair/typebox';

/** What a bad value should have been, in words ("a whole number of at least 1"). */
export const expectedOf = (schema: TSchema): string => String((schema as { expected?: unknown }).expected ?? 'valid');

const TRUE_WORDS = ['1', 'true', 'on', 'yes'];
const FALSE_WORDS = ['0', 'false', 'off', 'no'];
/** Every casing a person is likely to write (TypeBox patterns have no case-insensitive flag). */
const casings = (words: string[]) =>
  words.flatMap((w) => [w, w.toUpperCase(), w[0]!.toUpperCase() + w.slice(1)]).filter((w, i, a) => a.indexOf(w) === i);

/** on/off: 1, true, on, yes or 0, false, off, no (any case). */
export function flag(): TTransform<TString, boolean> {
  const words = casings([...TRUE_WORDS, ...FALSE_WORDS]);
  return Type.Transform(
    Type.String({ pattern: `^(${words.join('|')})$`, expected: 'on or off (also true/false, 1/0, yes/no)' }),
  )
    .Decode((text) => TRUE_WORDS.includes(text.toLowerCase()))
    .Encode((value) => (value ? 'on' : 'off'));
}

/** A whole number within [min, max]. */
export function integer(min = 0, max = Number.MAX_SAFE_INTEGER): TTransform<TString, number> {
  const expected =
    max === Number.MAX_SAFE_INTEGER ? `a whole number of at least ${min}` : `a whole number from ${min} to ${max}`;
  return Type.Transform(Type.String({ pattern: '^[0-9]+$', expected }))
    .Decode((text) => {
      const n = Number(text);
      if (!Number.isSafeInteger(n) || n < min || n > max) throw new Error(`must be ${expected}`);
      return n;
    })
    .Encode(String);
}

/** Free text that is not empty. */
export function text(expected = 'text'): TString {
  return Type.String({ minLength: 1, expected });
}

/** One of a few words, as written. */
export function oneOf<const W extends string[]>(...words: W): TUnion<{ [K in keyof W]: TLiteral<W[K]> }> {
  return Type.Union(
    words.map((w) => Type.Literal(w)),
    { expected: `one of ${words.join(', ')}` },
  ) as unknown as TUnion<{ [K in keyof W]: TLiteral<W[K]> }>;
}

/** An absolute URL with one of the given schemes, without a trailing slash. */
export function url(...schemes: string[]): TTransform<TString, string> {
  const expected = `a URL starting ${schemes.map((s) => `${s}://`).join(' or ')}`;
  return Type.Transform(Type.String({ minLength: 1, expected }))
    .Decode((value) => {
      let parsed: URL;
      try {
        parsed = new URL(value);
      } catch {
        throw new Error(`must be ${expected}`);
      }
      if (!schemes.includes(parsed.protocol.replace(/:$/, ''))) throw new Error(`must be ${expected}`);
      return value.replace(/\/+$/, '');
    })
    .Encode((value) => value);
}

/** A comma-separated list of at least one item; items trimmed, optionally lower-cased. */
export function commaList(expected: string, opts: { lowerCase?: boolean } = {}): TTransform<TString, string[]> {
  return Type.Transform(Type.String({ minLength: 1, expected: `a comma-separated list of ${expected}` }))
    .Decode((value) => {
      const items = value
        .split(',')
        .map((v) => (opts.lowerCase ? v.trim().toLowerCase() : v.trim()))
        .filter(Boolean);
      if (items.length === 0) throw new Error(`must name at least one of ${expected}`);
      return items;
    })
    .Encode((items) => items.join(','));
}

/** A comma-separated list of http(s) origins (scheme, host and port; no path). */
export function originList(): TTransform<TString, string[]> {
  const expected = 'a comma-separated list of origins such as https://hub.example.com';
  return Type.Transform(Type.String({ minLength: 1, expected }))
    .Decode((value) => {
      const items = value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean);
      for (const item of items) {
        let origin: string | undefined;
        try {
          const u = new URL(item);
          origin = ['http:', 'https:'].includes(u.protocol) ? u.origin : undefined;
        } catch {
          origin = undefined;
        }
        if (origin !== item.replace(/\/+$/, '')) throw new Error(`must be ${expected}; "${item}" is not an origin`);
      }
      if (items.length === 0) throw new Error(`must be ${expected}`);
      return items.map((i) => i.replace(/\/+$/, ''));
    })
    .Encode((items) => items.join(','));
}

/** Fastify's trustProxy: which proxies may tell the client's address (X-Forwarded-For). */
export type TrustProxy = boolean | number | string[];

/** HUB_TRUST_PROXY: off, on (every proxy), a hop count, or a comma list of proxy addresses/CIDRs. */
export function trustProxy(): TTransform<TString, TrustProxy> {
  return Type.Transform(
    Type.String({ minLength: 1, expected: 'off, on, a hop count, or a comma list of proxy addresses or CIDRs' }),
  )
    .Decode((value): TrustProxy => {
      const v = value.trim().toLowerCase();
      if (FALSE_WORDS.includes(v)) return false;
      if (TRUE_WORDS.slice(1).includes(v)) return true;
      if (/^\d+$/.test(v)) return Number(v);
      return value
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean);
    })
    .Encode((value) => (Array.isArray(value) ? value.join(',') : String(value)));
}
