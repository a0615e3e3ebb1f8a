/**
 * Turns a field that failed its contract schema into a sentence a person understands. TypeBox's own
 * texts ("Expected string to match 'name' format") name the rule, not what to do; here the field's
 * schema and value decide which of a few plain messages fits, and a form may word any of them itself.
 */
import { FormatRegistry, type TSchema } from '@sinclair/typebox';

export type ProblemKind = 'required' | 'tooLong' | 'format' | 'pattern' | 'invalid';

export type FieldMessages = Partial<Record<ProblemKind, string>>;

const formatMessages: Record<string, (label: string) => string> = {
  name: (label) => `${label} needs at least one letter, on one line, without invisible or control characters.`,
  'single-line-text': (label) => `${label} must be one line, without invisible or control characters.`,
  'multi-line-text': (label) => `${label} cannot contain control characters.`,
  'image-url': () => 'Enter an image address starting with https://, or leave it empty.',
  email: () => 'Enter an e-mail address in the form name@example.com.',
  timestamp: () => 'Enter a date and time between the years 1970 and 9999.',
};

/** The string schema a field's value is checked against: itself, or the string member of a `X | null` union. */
function stringSchemaOf(schema: TSchema | undefined): TSchema | undefined {
  if (!schema) return undefined;
  if (schema['type'] === 'string') return schema;
  const members = (schema['anyOf'] as TSchema[] | undefined) ?? [];
  return members.find((member) => member['type'] === 'string');
}

export function problemKind(schema: TSchema | undefined, value: unknown): ProblemKind {
  const text = typeof value === 'string' ? value : '';
  const string = stringSchemaOf(schema);
  if (!string) return value === undefined || value === null || value === '' ? 'required' : 'invalid';
  const format = string['format'] as string | undefined;
  const minLength = (string['minLength'] as number | undefined) ?? 0;
  // A name of only spaces fails the 'name' format, but what the person did was leave it empty.
  if (text.trim() === '' && (minLength > 0 || format === 'name')) return 'required';
  const maxLength = string['maxLength'] as number | undefined;
  if (maxLength !== undefined && text.length > maxLength) return 'tooLong';
  if (format && FormatRegistry.Has(format) && !FormatRegistry.Get(format)!(text)) return 'format';
  const pattern = string['pattern'] as string | undefined;
  if (pattern && !new RegExp(pattern).test(text)) return 'pattern';
  return 'invalid';
}

export function describeProblem(
  schema: TSchema | undefined,
  value: unknown,
  label: string,
  messages: FieldMessages = {},
): string {
  const kind = problemKind(schema, value);
  const own = messages[kind];
  if (own) return own;
  const string = stringSchemaOf(schema);
  switch (kind) {
    case 'required':
      return `Enter ${label.toLowerCase()}.`;
    case 'tooLong':
      return `${label} can have at most ${String(string?.['maxLength'])} characters.`;
    case 'format': {
      const format = String(string?.['format']);
      return (formatMessages[format] ?? ((l: string) => `${l} is not valid.`))(label);
    }
    case 'pattern':
    case 'invalid':
      return `${label} is not valid.`;
  }
}
