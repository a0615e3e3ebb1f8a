import type { Page, Request } from '@playwright/test';
import { appOfUrl, type AppName } from './stack';

export interface LoggedRequest {
  url: string;
  pathname: string;
  app: AppName | null;
  resourceType: string;
  request: Request;
}

/** Every request the page makes, as the browser's network log sees it (nothing is intercepted). */
export class NetworkLog {
  readonly requests: LoggedRequest[] = [];

  constructor(page: Page) {
    page.on('request', (request) => {
      const url = request.url();
      if (!/^https?:/.test(url)) return;
      this.requests.push({
        url,
        pathname: new URL(url).pathname,
        app: appOfUrl(url),
        resourceType: request.resourceType(),
        request,
      });
    });
  }

  /** Requests that reached one app's server (by port). */
  to(app: AppName): LoggedRequest[] {
    return this.requests.filter((r) => r.app === app);
  }

  /** Paths requested from one app's server, in order. */
  pathsTo(app: AppName): string[] {
    return this.to(app).map((r) => r.pathname);
  }

  /** Forget what was logged so far (e.g. before a navigation whose requests are asserted). */
  clear(): void {
    this.requests.length = 0;
  }
}
