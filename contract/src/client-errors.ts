/**
 * Browser error reports (issue 24): what the apps' reporter (shared/src/observability) posts to
 * `POST api/client-errors`, and the Reporting API's CSP violation reports the host page's
 * `report-to` sends to `POST api/client-errors/csp` (`application/reports+json`), or its `report-uri`
 * from browsers without the Reporting API (Firefox: `application/csp-report`). Every text is
 * bounded; the reporter scrubs personal data before sending and the API scrubs again before logging
 * (scrub-report-text.ts).
 */
import { Type, type Static } from '@sinclair/typebox';

const text = (maxLength: number, description: string) => Type.String({ maxLength, description });
const optionalInteger = (description: string) => Type.Optional(Type.Integer({ minimum: 0, description }));

/** One failure seen in a browser. */
export const ClientErrorReport = Type.Object({
  kind: Type.Union([Type.Literal('error'), Type.Literal('unhandledrejection'), Type.Literal('api')], {
    description: 'an uncaught error, an unhandled promise rejection, or a reportable API call failure',
  }),
  message: text(1000, 'the error message, scrubbed'),
  app: Type.String({
    pattern: '^[a-z][a-z0-9-]{0,31}$',
    description: 'the Module Federation name of the app the failing code came from: host, events, communities…',
  }),
  build: Type.String({ pattern: '^[A-Za-z0-9._:-]{1,100}$', description: "the host release's build id" }),
  page: text(300, 'the path of the page (no query string)'),
  source: Type.Optional(text(300, 'the script the error came from (no query string)')),
  line: optionalInteger('line in the source'),
  column: optionalInteger('column in the source'),
  stack: Type.Optional(text(4000, 'the stack, scrubbed')),
  status: Type.Optional(Type.Integer({ minimum: 0, maximum: 599, description: 'an API failure: its HTTP status' })),
  repeats: optionalInteger('how many identical reports this page left out since the last one sent'),
});
export type ClientErrorReport = Static<typeof ClientErrorReport>;

/** POST api/client-errors: a few reports at once (the reporter batches what a page saw in a moment). */
export const ClientErrorReports = Type.Object({
  reports: Type.Array(ClientErrorReport, { minItems: 1, maxItems: 10 }),
});
export type ClientErrorReports = Static<typeof ClientErrorReports>;

/** The body of a Reporting API `csp-violation` report (https://w3c.github.io/webappsec-csp/#reporting). */
const CspViolationBody = Type.Object({
  documentURL: Type.Optional(text(2048, 'the page')),
  blockedURL: Type.Optional(text(2048, 'what was refused: an address, or inline, eval…')),
  effectiveDirective: Type.Optional(text(100, 'the directive that refused it')),
  disposition: Type.Optional(text(20, 'enforce or report')),
  sourceFile: Type.Optional(text(2048, 'the script that caused it')),
  lineNumber: optionalInteger('line in sourceFile'),
  columnNumber: optionalInteger('column in sourceFile'),
  statusCode: optionalInteger("the page's HTTP status"),
});

/** POST api/client-errors/csp: what a browser's Reporting API sends (`application/reports+json`). */
export const ReportingApiReports = Type.Array(
  Type.Object({
    type: text(64, 'csp-violation; other types (deprecation, intervention…) are accepted and ignored'),
    age: Type.Optional(Type.Number({ minimum: 0 })),
    url: text(2048, 'the page the report is about'),
    body: Type.Optional(Type.Union([CspViolationBody, Type.Null()])),
  }),
  { maxItems: 20 },
);
export type ReportingApiReports = Static<typeof ReportingApiReports>;

/**
 * The body a CSP `report-uri` sends (CSP Level 2, `application/csp-report`): one violation under
 * `csp-report`, with kebab-case names. Firefox sends only this; browsers with the Reporting API use
 * `report-to` instead when the policy has both.
 */
export const CspReportUriReport = Type.Object({
  'csp-report': Type.Object({
    'document-uri': Type.Optional(text(2048, 'the page')),
    'blocked-uri': Type.Optional(text(2048, 'what was refused: an address, or inline, eval…')),
    'effective-directive': Type.Optional(text(100, 'the directive that refused it')),
    'violated-directive': Type.Optional(text(100, 'the directive that refused it (older name)')),
    disposition: Type.Optional(text(20, 'enforce or report')),
    'source-file': Type.Optional(text(2048, 'the script that caused it')),
    'line-number': optionalInteger('line in source-file'),
    'column-number': optionalInteger('column in source-file'),
    'status-code': optionalInteger("the page's HTTP status"),
  }),
});
export type CspReportUriReport = Static<typeof CspReportUriReport>;

/** POST api/client-errors/csp: either a Reporting API batch or one `report-uri` report. */
export const CspViolationReports = Type.Union([ReportingApiReports, CspReportUriReport]);
export type CspViolationReports = Static<typeof CspViolationReports>;
