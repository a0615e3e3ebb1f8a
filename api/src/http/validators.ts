/**
 * Two validators: path and query strings are text on the wire, so they are coerced to the schema's
 * types ("7" → 7); JSON bodies are not coerced, so a number where a string belongs is refused (400)
 * rather than silently turned into text.
 */
import { Ajv, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchema, FastifySchemaCompiler } from 'fastify';
import { textFormats, type TextFormat } from '@hub/contract/text-formats';

function makeAjv(options: Options, formats: TextFormat[]): Ajv {
  const ajv = new Ajv({ allErrors: true, removeAdditional: true, useDefaults: true, strict: false, ...options });
  addFormats.default(ajv);
  for (const f of formats) ajv.addFormat(f.name, { type: 'string', validate: f.check });
  return ajv;
}

export function createValidatorCompiler(options: { production: boolean }): FastifySchemaCompiler<FastifySchema> {
  const formats = textFormats(options);
  const textual = makeAjv({ coerceTypes: 'array' }, formats);
  const json = makeAjv({ coerceTypes: false }, formats);
  return ({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? json : textual;
    return ajv.compile(schema as object) as ReturnType<FastifySchemaCompiler<FastifySchema>>;
  };
}
