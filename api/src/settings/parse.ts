/**
 * Reads a list of declared settings from the environment once, through one TypeBox schema: an unset
 * or empty variable takes its default (the production one with NODE_ENV=production), every value is
 * checked and decoded, and every bad value is reported at once, each naming its setting (a secret's
 * value is never repeated).
 */
import { Type, type StaticDecode, type TObject, type TOptional, type TSchema } from '@sinclair/typebox';
import { TransformDecodeError, Value } from '@sinclair/typebox/value';
import type { SettingDeclaration } from './api-settings.ts';
import { expectedOf } from './setting-types.ts';

type Catalogue = Record<string, SettingDeclaration>;

/** The catalogue as one object schema: settings with a default are always present. */
export type SettingsSchema<C extends Catalogue> = TObject<{
  [K in keyof C]: C[K] extends { default: string } ? C[K]['type'] : TOptional<C[K]['type']>;
}>;

export type SettingValues<C extends Catalogue> = StaticDecode<SettingsSchema<C>>;

export function settingsSchema<C extends Catalogue>(catalogue: C): SettingsSchema<C> {
  const properties: Record<string, TSchema> = {};
  for (const [name, declaration] of Object.entries(catalogue))
    properties[name] = declaration.default === undefined ? Type.Optional(declaration.type) : declaration.type;
  return Type.Object(properties) as SettingsSchema<C>;
}

/** One or more settings with a value that cannot be used; `problems` holds one sentence each. */
export class SettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'SettingsError';
  }
}

export interface ParsedSettings<C extends Catalogue> {
  values: SettingValues<C>;
  /** The settings given in the environment (non-empty), as opposed to defaulted. */
  given: ReadonlySet<keyof C & string>;
  production: boolean;
}

const shown = (declaration: SettingDeclaration, value: string) =>
  declaration.secret ? '(value not shown: secret)' : `got "${value}"`;

export function parseSettings<C extends Catalogue>(
  catalogue: C,
  env: NodeJS.ProcessEnv,
  schema: SettingsSchema<C> = settingsSchema(catalogue),
): ParsedSettings<C> {
  const production = env['NODE_ENV'] === 'production';
  const texts: Record<string, string> = {};
  const given = new Set<keyof C & string>();
  for (const [name, declaration] of Object.entries(catalogue)) {
    const raw = env[name]?.trim();
    if (raw) {
      texts[name] = raw;
      given.add(name);
      continue;
    }
    const fallback = (production ? declaration.productionDefault : undefined) ?? declaration.default;
    if (fallback !== undefined) texts[name] = fallback;
  }
  const problems = new Map<string, string>();
  for (const error of Value.Errors(schema, texts)) {
    const name = error.path.split('/')[1] ?? '';
    const declaration = catalogue[name];
    if (!declaration || problems.has(name)) continue;
    problems.set(name, `${name} must be ${expectedOf(declaration.type)}, ${shown(declaration, texts[name] ?? '')}.`);
  }
  // Decoding runs each setting's own checks (ranges, URL schemes); one at a time to name them all.
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(texts)) {
    if (problems.has(name)) continue;
    const declaration = catalogue[name]!;
    try {
      values[name] = Value.Decode(declaration.type, value);
    } catch (error) {
      const reason = error instanceof TransformDecodeError ? error.message : `must be ${expectedOf(declaration.type)}`;
      problems.set(name, `${name} ${reason}, ${shown(declaration, value)}.`);
    }
  }
  if (problems.size > 0) {
    // In the catalogue's order, as the reference lists them.
    const order = Object.keys(catalogue);
    const names = [...problems.keys()].sort((a, b) => order.indexOf(a) - order.indexOf(b));
    throw new SettingsError(names.map((name) => problems.get(name)!));
  }
  return { values: values as SettingValues<C>, given, production };
}
