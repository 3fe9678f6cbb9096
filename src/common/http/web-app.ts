import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The app's own pages (deep links load the single-page app; the API stays under /api): the setup and invite links open /setup and /invite. */
const APP_ROUTES = ['/', '/e/*', '/organizer', '/organizer/*', '/setup', '/invite'];

/**
 * Serves the web app built into `root` (dist/web by `npm run build`): hashed assets under
 * /assets (cached for a year: their names change with their content), and index.html for the
 * app's own routes, never cached, so a new build reaches every phone at its next load. Other paths
 * keep the API's JSON 404. Returns false (and serves nothing) when the app was not built.
 *
 * Assets go out as the build precompressed them (`<file>.br`, `<file>.gz`, written by the web
 * build's precompress step) to clients that accept brotli or gzip: a phone on a store's slow Wi-Fi
 * loads a quarter of the bytes. Source maps (`*.map`, written beside the assets but referenced by
 * no script) are never served: a 404 like any unknown asset.
 */
export function registerWebApp(fastify: FastifyInstance, root: string): boolean {
  const indexFile = join(root, 'index.html');
  if (!existsSync(indexFile)) return false;
  const index = readFileSync(indexFile);
  void fastify.register(fastifyStatic, {
    root: join(root, 'assets'),
    prefix: '/assets/',
    decorateReply: false,
    wildcard: false,
    immutable: true,
    maxAge: '365d',
    index: false,
    preCompressed: true,
    allowedPath: (pathName) => !pathName.endsWith('.map') && !pathName.endsWith('.br') && !pathName.endsWith('.gz'),
  });
  for (const url of APP_ROUTES) {
    fastify.get(url, (request, reply) => {
      const preload = eventPreload(request.url);
      if (preload) void reply.header('link', preload);
      void reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(index);
    });
  }
  const favicon = join(root, 'favicon.svg');
  if (existsSync(favicon)) {
    const icon = readFileSync(favicon);
    fastify.get('/favicon.svg', (_request, reply) => void reply.header('cache-control', 'public, max-age=86400').type('image/svg+xml').send(icon));
  }
  return true;
}

/**
 * A player's page (`/e/<code>`, `/e/<code>/screen`) reads its event first: a `Link: rel=preload`
 * header lets the browser fetch it while the scripts are still downloading (the app's own
 * request then takes the preloaded answer), instead of one more round trip after them — on a
 * store's slow Wi-Fi (400 ms latency) that is the difference between the join form in 4 s or 4.5 s.
 * The URL is the app's exactly (`/api/events/by-code/<code as typed>`); other paths get none.
 */
export function eventPreload(url: string): string | null {
  const code = /^\/e\/([A-Za-z0-9]{1,16})(?:\/screen)?\/?(?:[?#].*)?$/.exec(url)?.[1];
  return code ? `</api/events/by-code/${code}>; rel=preload; as=fetch; crossorigin` : null;
}
