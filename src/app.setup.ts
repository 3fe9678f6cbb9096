import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule } from '@nestjs/swagger';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { Logger } from 'nestjs-pino';
import { IMPORT_MEDIA_TYPES } from './catalog/catalog.controller';
import { ImagePolicy } from './catalog/images/image-policy';
import { DECK_IMPORT_MEDIA_TYPES } from './decks/decks.controller';
import { StaffCredentials } from './staff/staff-credentials';
import fastifyCookie from '@fastify/cookie';
import { EVENT_IMPORT_PATH } from './event-archive/event-archive.controller';
import { clientErrorResponse } from './common/http/client-errors';
import { IMPORT_LIMIT, JSON_LIMIT, registerRequestBodies } from './common/http/request-bodies';
import { buildOpenApiDocument } from './common/http/openapi-document';
import { registerWebApp } from './common/http/web-app';
import { createValidationPipe } from './common/validation/validation';
import { requestIdOf, ROUTE_PATTERN, type RoutedRequest } from './common/logging/request-logging';
import { AppConfig } from './common/config/app-config';
import { Metrics } from './common/metrics/metrics';
import { registerMetricsRoute } from './common/metrics/metrics-route';
import { DomainError } from './common/errors/domain-error';
import { sendError } from './common/errors/error-response';

/**
 * The HTTP server under Nest: Fastify, whose request pipeline costs about a third of Express's
 * (measured on the draft pick route: the server's CPU per pick is what bounds draft throughput).
 * The body limit is the largest any route takes; each route's own limit is applied per request.
 */
export function createHttpAdapter(options: { requestTimeoutMs?: number; trustProxy?: boolean } = {}): FastifyAdapter {
  const requestTimeout = options.requestTimeoutMs ?? 30_000;
  return new FastifyAdapter({
    bodyLimit: IMPORT_LIMIT,
    trustProxy: options.trustProxy ?? false,
    requestTimeout,
    // Headers come first and are small: at most 10 s of the request's time (Node's default is 60 s);
    // expired requests are looked for every second (Node's default: every 30 s).
    http: { headersTimeout: Math.min(10_000, requestTimeout), connectionsCheckingInterval: 1000 },
    clientErrorHandler: clientErrorResponse,
    // As Express routed: /api/games/ and /API/Games reach /api/games; ids longer than Fastify's
    // 100 characters get the route's validation error, not a router error.
    routerOptions: { ignoreTrailingSlash: true, caseSensitive: false, maxParamLength: 1000 },
    // One id per request, the client's X-Request-Id when it is usable: logs, metrics and the answer share it.
    genReqId: requestIdOf,
    // The router's own refusals (a URL that does not decode) in the API's error shape.
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      reply.raw.setHeader('x-request-id', request.id);
      sendError(
        reply,
        new DomainError('MALFORMED_REQUEST', `The URL cannot be read: ${error.message}`, [
          { field: 'url', rule: 'encoding', message: 'not a valid URL (bad percent-encoding or too long)' },
        ]),
      );
    },
  });
}

/**
 * Everything about the HTTP surface that is not a controller: `/api` prefix, request-scoped logs
 * (the app's LoggerModule: common/logging/request-logging.ts), request bodies, validation, OpenAPI
 * at /api/docs (+ /api/docs-json). Shared by main.ts and the e2e tests so they test what runs.
 */
export function configureApp(app: NestFastifyApplication, options: { corsOrigins?: string; webRoot?: string } = {}): void {
  // Nest's own lines and every service's Logger from now on: inside a request, with its id.
  app.useLogger(app.get(Logger));
  app.setGlobalPrefix('api');
  // CORS only for origins named in CORS_ORIGINS (a front end served elsewhere); none by default.
  const origins =
    options.corsOrigins
      ?.split(',')
      .map((o) => o.trim())
      .filter(Boolean) ?? [];
  if (origins.length > 0) app.enableCors({ origin: origins, exposedHeaders: ['x-request-id', 'retry-after'] });
  const fastify = app.getHttpAdapter().getInstance();
  // Security headers on every answer, errors and live streams included (set on the Node response);
  // the CSP's img-src follows the sets' image templates (ImagePolicy recomputes the list).
  const policy = app.get(ImagePolicy, { strict: false });
  fastify.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of policy.headers) reply.raw.setHeader(name, value);
    reply.raw.setHeader('x-request-id', request.id);
    // The route pattern, for the request's log line (and metrics): the URL holds ids and tickets.
    (request.raw as RoutedRequest)[ROUTE_PATTERN] = request.routeOptions.url;
    done();
  });
  // Requests by route and status (podium_http_requests_total and its duration histogram), and /metrics itself.
  const metrics = app.get(Metrics, { strict: false });
  fastify.addHook('onResponse', (request, reply, done) => {
    metrics.httpAnswered(request.method, (request.raw as RoutedRequest)[ROUTE_PATTERN], reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  registerMetricsRoute(fastify, metrics, app.get(AppConfig, { strict: false }).METRICS_TOKEN);
  // Staff sessions travel in a cookie (src/staff/): parsed for every request, set at sign-in.
  void fastify.register(fastifyCookie);
  const staff = app.get(StaffCredentials, { strict: false });
  // Large uploads are refused before their body is read unless the caller is staff (the route's
  // own guard then checks the permission).
  const staffOnly = async (request: FastifyRequest): Promise<void> => {
    if (!(await staff.principalOf(request))) {
      throw new DomainError('UNAUTHORIZED', 'Staff route: sign in, or send Authorization: Bearer <API token or organizer token>', [
        { field: 'authorization', rule: request.headers.authorization ? 'organizerToken' : 'required', message: 'no staff credential' },
      ]);
    }
  };
  registerRequestBodies(fastify, [
    { path: '/api/sets/import', mediaTypes: IMPORT_MEDIA_TYPES, limit: IMPORT_LIMIT, authorize: staffOnly },
    { path: '/api/decks/import', mediaTypes: DECK_IMPORT_MEDIA_TYPES, limit: JSON_LIMIT, raw: true },
    // An event archive is JSON but larger than any request body: read as text, parsed by the route.
    { path: EVENT_IMPORT_PATH, mediaTypes: ['application/json'], limit: IMPORT_LIMIT, authorize: staffOnly },
  ]);
  app.useGlobalPipes(createValidationPipe());

  // The web app (player pages, organizer console) when it was built: served at / on the same port.
  if (options.webRoot) registerWebApp(fastify, options.webRoot);

  // Built at the first request for it (a few hundred milliseconds of every start otherwise; the
  // contract test builds it on every run, so a broken decorator still fails the tests).
  SwaggerModule.setup('api/docs', app, () => buildOpenApiDocument(app), { jsonDocumentUrl: 'api/docs-json' });
}

/** After app.init(): the server is ready to answer (also to a test client that never listens). */
export async function finishApp(app: NestFastifyApplication): Promise<void> {
  await app.getHttpAdapter().getInstance().ready();
}
