/**
 * The browser's error reporter (issue 24): uncaught errors, unhandled rejections and the API
 * failures worth reporting (ApiError.reportable) go to the API's `POST api/client-errors`, with the
 * app the code came from and the host's build id. What a report could carry of a person (query
 * strings, e-mail addresses, tokens) is scrubbed first (@hub/contract/scrub-report-text). A loop
 * that throws cannot flood the API: identical reports are sent once and then only counted
 * (`repeats`), reports are batched, and a page sends at most `maxReports` in its life. The host
 * installs it (host/src/observability); the remotes reach it through this singleton package.
 */
import type { ClientErrorReport } from '@hub/contract/client-errors';
import { scrubReportAddress, scrubReportText } from '@hub/contract/scrub-report-text';

export interface ErrorReporterOptions {
  /** The absolute address of `api/client-errors`. */
  endpoint: string;
  /** The host release's build id. */
  build: string;
  /** The app (Module Federation name) a script address belongs to; without one, the app of the page shown. */
  appOf(where: { source?: string | undefined; page: string }): string;
  /** Reports a page sends at most, whatever happens (default 20). */
  maxReports?: number;
  /** How long reports are gathered before they are sent together, in ms (default 1000). */
  flushDelayMs?: number;
}

export interface ErrorReporter {
  /** Sends what is gathered now (the page is being hidden or left). */
  flush(): void;
  uninstall(): void;
}

/** Bounds of the contract (contract/src/client-errors.ts). */
const MAX_MESSAGE = 1000;
const MAX_STACK = 4000;
const MAX_ADDRESS = 300;
const MAX_BATCH = 10;

type Kind = ClientErrorReport['kind'];
interface Seen {
  report: ClientErrorReport;
  /** Identical reports since the last one sent. */
  repeats: number;
}

let active: ((kind: Kind, details: Omit<ClientErrorReport, 'kind' | 'app' | 'build' | 'page'>) => void) | null = null;

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

function describe(value: unknown): { message: string; stack?: string } {
  if (value instanceof Error)
    return { message: `${value.name}: ${value.message}`, ...(value.stack ? { stack: value.stack } : {}) };
  try {
    return { message: typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)) };
  } catch {
    return { message: String(value) };
  }
}

/** A failed API call worth reporting (apiFetch calls this for every failure; only reportable ones go out). */
export function reportApiFailure(
  method: string,
  path: string,
  error: { reportable: boolean; status: number | null; message: string; kind: string },
): void {
  if (!active || !error.reportable) return;
  active('api', {
    message: `${method} ${path.split(/[?#]/, 1)[0]} failed (${error.status ?? error.kind}): ${error.message}`,
    ...(typeof error.status === 'number' && error.status > 0 ? { status: error.status } : {}),
  });
}

export function installErrorReporter(options: ErrorReporterOptions): ErrorReporter {
  const maxReports = options.maxReports ?? 20;
  const flushDelayMs = options.flushDelayMs ?? 1000;
  const seen = new Map<string, Seen>();
  let queue: ClientErrorReport[] = [];
  let sent = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const send = (reports: ClientErrorReport[]) => {
    // Never through apiFetch: a failing report must not report itself. keepalive lets it leave
    // with a page being closed; no credentials, none are needed.
    void fetch(options.endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ reports }),
      keepalive: true,
      credentials: 'omit',
    }).catch(() => undefined);
  };

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    for (const entry of seen.values()) {
      if (entry.repeats === 0) continue;
      queue.push({ ...entry.report, repeats: entry.repeats });
      entry.repeats = 0;
    }
    const batch = queue.slice(0, Math.max(0, maxReports - sent));
    queue = [];
    sent += batch.length;
    for (let i = 0; i < batch.length; i += MAX_BATCH) send(batch.slice(i, i + MAX_BATCH));
  };

  const report = (kind: Kind, details: Omit<ClientErrorReport, 'kind' | 'app' | 'build' | 'page'>) => {
    if (sent >= maxReports) return;
    const page = clip(scrubReportAddress(window.location.pathname), MAX_ADDRESS);
    const source = details.source ? clip(scrubReportAddress(details.source), MAX_ADDRESS) : undefined;
    const full: ClientErrorReport = {
      kind,
      app: options.appOf({ source: details.source, page: window.location.pathname }),
      build: options.build,
      page,
      ...details,
      message: clip(scrubReportText(details.message), MAX_MESSAGE) || '(no message)',
      ...(source ? { source } : {}),
      ...(details.stack ? { stack: clip(scrubReportText(details.stack), MAX_STACK) } : {}),
    };
    const key = [kind, full.message, full.source, full.line].join('|');
    const known = seen.get(key);
    if (known) {
      known.repeats += 1;
    } else {
      seen.set(key, { report: full, repeats: 0 });
      queue.push(full);
    }
    timer ??= setTimeout(flush, flushDelayMs);
  };

  const onError = (event: ErrorEvent) => {
    const { message, stack } = describe(event.error ?? event.message);
    report('error', {
      message: event.error ? message : event.message || message,
      ...(stack ? { stack } : {}),
      ...(event.filename ? { source: event.filename } : {}),
      ...(event.lineno ? { line: event.lineno, column: event.colno } : {}),
    });
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    const reason: unknown = event.reason;
    // An API failure the screen did not handle was judged by apiFetch already (reported if reportable).
    if (reason && typeof reason === 'object' && 'reportable' in reason) return;
    const { message, stack } = describe(reason);
    report('unhandledrejection', { message, ...(stack ? { stack } : {}) });
  };
  const onHide = () => {
    if (document.visibilityState === 'hidden') flush();
  };

  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  document.addEventListener('visibilitychange', onHide);
  window.addEventListener('pagehide', flush);
  active = report;
  return {
    flush,
    uninstall() {
      flush();
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', flush);
      if (active === report) active = null;
    },
  };
}
