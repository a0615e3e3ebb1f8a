/**
 * helmet's security headers on every answer. @fastify/helmet rebuilds the helmet middleware, CSP
 * directives included, on every request (about 20 µs, an eighth of a kept catalogue answer), so the
 * middleware is built once here and run from an onRequest hook. The headers are the same.
 */
import helmet from 'helmet';
import type { App } from './app-type.ts';

export function registerSecurityHeaders(app: App): void {
  const applyHeaders = helmet({
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        frameAncestors: ["'none'"],
        // The docs page is served over plain http locally; upgrading its assets to https would break it.
        upgradeInsecureRequests: null,
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) => {
    applyHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}
