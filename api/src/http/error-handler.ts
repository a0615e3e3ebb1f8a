/**
 * Every failure leaves as JSON { message, details }. Validation failures name each invalid field;
 * Fastify's own client errors (malformed JSON 400, body too large 413, unsupported media type 415,
 * rate limit 429) keep their status; anything unexpected is logged and answered 500 without internals.
 */
import type { FastifyError } from 'fastify';
import { HttpError } from '../errors.ts';
import type { App } from './app-type.ts';
import { textFormats } from '@hub/contract/text-formats';

interface ValidationIssue {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

function describeIssue(context: string, issue: ValidationIssue, formats: Map<string, string>): string {
  const path = `${context}${issue.instancePath ?? ''}`;
  if (issue.keyword === 'required' && typeof issue.params?.['missingProperty'] === 'string') {
    return `${path}/${issue.params['missingProperty']} is required`;
  }
  // Our own formats say what they want rather than ajv's 'must match format "name"'.
  const described = issue.keyword === 'format' ? formats.get(String(issue.params?.['format'])) : undefined;
  return `${path} ${described ?? issue.message ?? 'is invalid'}`;
}

export function registerErrorHandling(app: App, options: { production: boolean }): void {
  const formats = new Map(textFormats(options).map((f) => [f.name, f.description]));
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({ message: error.message, details: error.details });
    }
    if (error.validation) {
      const details = [
        ...new Set(
          error.validation.map((v) =>
            describeIssue(error.validationContext ?? 'request', v as ValidationIssue, formats),
          ),
        ),
      ];
      return reply.code(400).send({ message: 'The request is invalid', details });
    }
    const status = error.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return reply.code(status).send({ message: error.message || 'The request was refused', details: [] });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: 'An internal error occurred', details: [] });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ message: 'Not found', details: [`There is no ${request.method} route at this address`] });
  });
}
