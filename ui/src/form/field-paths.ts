/**
 * Paths into a form's values, for forms that hold lists (an event's locations): react-hook-form
 * names a field inside a list 'locations.0.cityName'; its label and messages are set up once for
 * every item as 'locations.*.cityName', and its rules are the schema's `items`.
 */
import type { TSchema } from '@sinclair/typebox';

/** 'locations.2.cityName' → 'locations.*.cityName': the key a list item's field is set up under. */
export function setupKeyOf(path: string): string {
  return path
    .split('.')
    .map((segment) => (/^\d+$/.test(segment) ? '*' : segment))
    .join('.');
}

/** The schema that checks the value at `path` (through objects' properties and arrays' items). */
export function schemaAt(schema: TSchema | undefined, path: string): TSchema | undefined {
  let current = schema;
  for (const segment of path.split('.')) {
    if (!current) return undefined;
    if (current['type'] === 'array') current = current['items'] as TSchema | undefined;
    else current = (current['properties'] as Record<string, TSchema> | undefined)?.[segment];
  }
  return current;
}

export function valueAt(values: unknown, path: string): unknown {
  let current = values;
  for (const segment of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/** Writes `value` at `path`, creating arrays for numeric segments (react-hook-form's error shape for lists). */
export function setAt(target: Record<string, unknown>, path: string, value: unknown): void {
  const segments = path.split('.');
  let current: Record<string, unknown> = target;
  segments.forEach((segment, index) => {
    if (index === segments.length - 1) {
      current[segment] = value;
      return;
    }
    const next = segments[index + 1]!;
    current[segment] ??= /^\d+$/.test(next) ? [] : {};
    current = current[segment] as Record<string, unknown>;
  });
}

/** The paths of an error tree's leaves ({ type, message }); a list's own error ('root') is its list's path. */
export function errorPaths(errors: unknown, prefix = ''): string[] {
  if (errors === null || typeof errors !== 'object') return [];
  const node = errors as Record<string, unknown>;
  if (typeof node['type'] === 'string' && prefix !== '') return [prefix];
  return Object.entries(node).flatMap(([key, child]) => {
    if (key === 'ref') return [];
    const path = key === 'root' ? prefix : prefix ? `${prefix}.${key}` : key;
    return errorPaths(child, path);
  });
}

/** Trims every text in the values, in lists too, except the fields `keep` names (passwords keep their spaces). */
export function trimTexts(value: unknown, keep: (path: string) => boolean, path = ''): unknown {
  if (typeof value === 'string') return keep(path) ? value : value.trim();
  if (Array.isArray(value)) return value.map((item, i) => trimTexts(item, keep, path ? `${path}.${i}` : String(i)));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, child]) => [key, trimTexts(child, keep, path ? `${path}.${key}` : key)]),
    );
  }
  return value;
}
