/**
 * Where browsers report what went wrong (issue 24): `POST api/client-errors` takes the apps'
 * reporter's batches (shared/src/observability), `POST api/client-errors/csp` the CSP violation
 * reports: the Reporting API's (the host page's `report-to`) and the older `report-uri`'s that
 * browsers without the Reporting API send (Firefox), read into one shape. Anyone may post (an error page has no
 * session), so the body is schema-checked and bounded, the client rate-limited, and every text
 * scrubbed again before it is logged (at warn) and counted (metrics by kind and app, never by text).
 * The answer is 204 with nothing to read.
 */
import type { FastifyBaseLogger } from 'fastify';
import { NoContent, errors } from '@hub/contract/common';
import {
  ClientErrorReports,
  CspViolationReports,
  type ClientErrorReport,
  type CspReportUriReport,
} from '@hub/contract/client-errors';
import { scrubReportAddress, scrubReportText } from '@hub/contract/scrub-report-text';
import type { App } from '../http/app-type.ts';
import { perClientLimit } from '../http/per-client-limit.ts';
import { appLabel, type ApiMetrics } from './metrics.ts';

export interface ClientErrorRouteOptions {
  metrics: ApiMetrics;
  /** Reports (batches) accepted per window and client address. */
  rateLimit: { max: number; windowMs: number };
}

/** The path of an address (a report's page): the origin says nothing an operator needs. */
function pathOf(address: string | undefined): string | undefined {
  if (!address) return undefined;
  try {
    return scrubReportAddress(new URL(address, 'http://page.invalid').pathname);
  } catch {
    return undefined;
  }
}

function logReport(log: FastifyBaseLogger, report: ClientErrorReport): void {
  log.warn(
    {
      clientError: {
        kind: report.kind,
        app: report.app,
        build: report.build,
        page: pathOf(report.page),
        ...(report.source ? { source: scrubReportAddress(report.source) } : {}),
        ...(report.line !== undefined ? { line: report.line, column: report.column } : {}),
        ...(report.status !== undefined ? { status: report.status } : {}),
        ...(report.repeats ? { repeats: report.repeats } : {}),
        message: scrubReportText(report.message),
        ...(report.stack ? { stack: scrubReportText(report.stack) } : {}),
      },
    },
    'browser error',
  );
}

/** One CSP violation as both report formats say it (the Reporting API's names). */
interface CspViolation {
  documentURL?: string;
  blockedURL?: string;
  effectiveDirective?: string;
  disposition?: string;
  sourceFile?: string;
  lineNumber?: number;
  columnNumber?: number;
}

/** The violations a body holds: a Reporting API batch's `csp-violation`s, or a `report-uri` report. */
function cspViolations(body: CspViolationReports): CspViolation[] {
  if (Array.isArray(body))
    return body.flatMap((report) =>
      report.type === 'csp-violation' && report.body
        ? [{ ...report.body, documentURL: report.body.documentURL ?? report.url }]
        : [],
    );
  const legacy: CspReportUriReport['csp-report'] = body['csp-report'];
  return [
    {
      documentURL: legacy['document-uri'],
      blockedURL: legacy['blocked-uri'],
      effectiveDirective: legacy['effective-directive'] ?? legacy['violated-directive'],
      disposition: legacy.disposition,
      sourceFile: legacy['source-file'],
      lineNumber: legacy['line-number'],
      columnNumber: legacy['column-number'],
    },
  ];
}

export function clientErrorRoutes(app: App, options: ClientErrorRouteOptions): void {
  const { metrics } = options;
  const limit = perClientLimit(app, 'client-errors', options.rateLimit);
  // The Reporting API and `report-uri` label their JSON so; it is read exactly as the API reads JSON.
  app.addContentTypeParser(
    ['application/reports+json', 'application/csp-report'],
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'error'),
  );

  app.post('/api/client-errors', {
    preHandler: limit,
    config: { keepsReadCache: true },
    schema: {
      tags: ['ops'],
      summary: "Browser error reports from the apps' reporter: logged and counted, nothing stored",
      body: ClientErrorReports,
      response: { 204: NoContent, ...errors(400, 413, 415, 429) },
    },
    handler: async (request, reply) => {
      for (const report of request.body.reports) {
        logReport(request.log, report);
        metrics.clientErrors.inc({ kind: report.kind, app: appLabel(report.app) });
      }
      return reply.code(204).send(null);
    },
  });

  app.post('/api/client-errors/csp', {
    preHandler: limit,
    config: { keepsReadCache: true },
    schema: {
      tags: ['ops'],
      summary:
        'Content-Security-Policy violations: the Reporting API’s (application/reports+json) or report-uri’s (application/csp-report)',
      body: CspViolationReports,
      response: { 204: NoContent, ...errors(400, 413, 415, 429) },
    },
    handler: async (request, reply) => {
      for (const violation of cspViolations(request.body)) {
        request.log.warn(
          {
            clientError: {
              kind: 'csp',
              app: 'host',
              page: pathOf(violation.documentURL),
              directive: violation.effectiveDirective,
              blocked: violation.blockedURL ? scrubReportAddress(violation.blockedURL) : undefined,
              disposition: violation.disposition,
              ...(violation.sourceFile ? { source: scrubReportAddress(violation.sourceFile) } : {}),
              ...(violation.lineNumber !== undefined
                ? { line: violation.lineNumber, column: violation.columnNumber }
                : {}),
            },
          },
          'browser error',
        );
        metrics.clientErrors.inc({ kind: 'csp', app: 'host' });
      }
      return reply.code(204).send(null);
    },
  });
}
