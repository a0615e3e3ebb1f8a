/**
 * Registers the API's string formats with TypeBox, so a browser form checking a contract schema
 * refuses exactly what the API's ajv refuses: our own text formats (text-formats.ts, the same
 * functions the API registers) and `email`, taken from ajv-formats itself (the API's `addFormats`)
 * rather than copied. Idempotent: every form may call it; the registry is filled once.
 */
import { FormatRegistry } from '@sinclair/typebox';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { textFormats } from './text-formats.ts';

let registered = false;

export function registerTextFormats(options: { production: boolean }): void {
  if (registered) return;
  registered = true;
  for (const format of textFormats(options)) FormatRegistry.Set(format.name, format.check);
  // ajv-formats declares every format as a union; 'email' is a RegExp in its full set.
  const email = fullFormats.email as RegExp;
  FormatRegistry.Set('email', (value) => email.test(value));
}
