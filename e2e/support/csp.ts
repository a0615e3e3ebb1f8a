import type { BrowserContext } from '@playwright/test';
import { appOfUrl } from './stack';

/**
 * Content-Security-Policy violations, as the browser reports them in every page of a context:
 * `securitypolicyviolation` events (through an init script, in every document and frame, across
 * full page loads) and the console's "Refused to …" reports. Only the site's own pages count: the
 * work-account provider's pages have their own policy.
 */
export interface CspViolation {
  page: string;
  directive: string;
  blocked: string;
  source?: string;
  sample?: string;
  via: 'event' | 'console';
}

declare global {
  interface Window {
    __hubReportCsp?: (violation: Omit<CspViolation, 'via'>) => void;
  }
}

export class CspWatch {
  readonly violations: CspViolation[] = [];

  private constructor() {}

  static async on(context: BrowserContext): Promise<CspWatch> {
    const watch = new CspWatch();
    await context.exposeFunction('__hubReportCsp', (violation: Omit<CspViolation, 'via'>) => {
      if (appOfUrl(violation.page)) watch.violations.push({ ...violation, via: 'event' });
    });
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        window.__hubReportCsp?.({
          page: location.href,
          directive: event.effectiveDirective,
          blocked: event.blockedURI,
          source: event.sourceFile,
          sample: event.sample,
        });
      });
    });
    context.on('console', (message) => {
      const page = message.page()?.url() ?? message.location().url;
      if (/Content Security Policy/i.test(message.text()) && appOfUrl(page)) {
        watch.violations.push({ page, directive: 'console', blocked: message.text(), via: 'console' });
      }
    });
    return watch;
  }

  /** The violations reported since `from` (an index into `violations`). */
  since(from: number): CspViolation[] {
    return this.violations.slice(from);
  }
}
