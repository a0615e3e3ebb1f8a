/**
 * The demo events' pictures (seed/demo-images.ts), as static files. Development and the demo only:
 * a production API serves no demo content (its image addresses must be https, given by organisers).
 */
import fastifyStatic from '@fastify/static';
import type { App } from '../http/app-type.ts';
import { demoImagesDir, demoImagesPrefix } from '../seed/demo-images.ts';

export async function demoImageRoutes(app: App): Promise<void> {
  await app.register(fastifyStatic, {
    root: demoImagesDir,
    prefix: demoImagesPrefix,
    // swagger-ui registers the plugin too; only one may add reply.sendFile.
    decorateReply: false,
    // Every address the seed writes carries the drawing's hash (?v=), so an answer never changes.
    immutable: true,
    maxAge: '365d',
    // Only the drawings: no folder listings, no dotfiles, nothing but SVG.
    index: false,
    list: false,
    dotfiles: 'deny',
    allowedPath: (pathName) => /^\/[a-z0-9-]+\.svg$/.test(pathName),
  });
}
