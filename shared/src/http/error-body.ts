/**
 * Reads the user-facing parts out of a failed answer's body (SPEC §8). The API answers
 * `{ message, details: string[] }`; other servers (proxies, ASP.NET-style validation) answer a
 * plain string or `{ errors: { Field: ['msg'] } }`, so those shapes are understood too.
 */

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function stringsOf(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.map(nonEmptyText).filter((text): text is string => text !== undefined);
}

/** A string body is the message; an object body's `message` field is. Anything else has none. */
export function messageFromBody(body: unknown): string | undefined {
  if (typeof body === 'string') return nonEmptyText(body);
  if (isRecord(body)) return nonEmptyText(body.message);
  return undefined;
}

/**
 * Flattens an `errors` object into one line per message, `'<field>: <message>'`, in the object's
 * key order then each field's message order: `{ Name: ['is required'] }` → `['Name: is required']`.
 * A field's value may be one string or a list of strings; an empty key (a whole-form error) gives
 * the bare message; an `errors` that is already a list of strings is taken as is. Values of any
 * other type carry nothing readable and are skipped.
 */
export function flattenErrors(errors: unknown): string[] {
  if (Array.isArray(errors)) return stringsOf(errors);
  if (!isRecord(errors)) return [];
  return Object.entries(errors).flatMap(([field, value]) => {
    const messages = typeof value === 'string' ? stringsOf([value]) : stringsOf(value);
    const label = field.trim();
    return messages.map((message) => (label === '' ? message : `${label}: ${message}`));
  });
}

/** An object body's `details` list of strings, or else its `errors` object flattened. */
export function detailsFromBody(body: unknown): string[] {
  if (!isRecord(body)) return [];
  const details = stringsOf(body.details);
  return details.length > 0 ? details : flattenErrors(body.errors);
}
