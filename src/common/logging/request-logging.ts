import type { DynamicModule } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LoggerModule } from 'nestjs-pino';
import type { Logger } from 'pino';

/**
 * Where the HTTP layer leaves a request's route pattern on the Node request (app.setup.ts, at
 * onRequest), e.g. `/api/events/:id/picks`: the response line names the route, not the URL
 * (which holds ids and tickets), and the metrics count by it. Undefined: no route matched (404).
 */
export const ROUTE_PATTERN = Symbol('podium.routePattern');

/** A Node request with the route pattern the HTTP layer found for it. */
export type RoutedRequest = IncomingMessage & { [ROUTE_PATTERN]?: string };

/**
 * Routes whose answered requests are logged at debug, not info: a draft's picks come by the
 * thousand a minute, each already in the database with its time; a line per pick would be most of
 * the log, and writing it would be work on the draft's hot path. Failures (5xx) are still errors.
 */
const QUIET_ROUTES = new Set(['POST /api/events/:id/picks']);

/** Requests never logged when answered: probes and scrapes every few seconds. */
const UNLOGGED_URLS = new Set(['/api/health', '/metrics']);

/**
 * The request's id: the client's `X-Request-Id` when it is a plain token of at most 100
 * characters, else a new UUID. Fastify's `genReqId` (app.setup.ts), so the one id is the
 * request's everywhere: Fastify's `request.id`, the log lines, the answer's `X-Request-Id`.
 */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && /^[\w-]{1,100}$/.test(given) ? given : randomUUID();
}

/**
 * Request-scoped logs (nestjs-pino over pino-http): every line written while a request is served —
 * by Nest's `Logger` in any service, also after awaits — carries its `reqId`, and each answered
 * request gets one line with `reqId`, `route` (the pattern), `res.statusCode`, `responseTime`
 * (milliseconds) and the request (method, URL, headers; credentials redacted). Levels: error for 5xx, debug for QUIET_ROUTES, info otherwise.
 * @param logger the process's root logger (its level and destination); nestjs-pino keeps the
 *   first one it is given for the whole process.
 */
export function requestLoggingModule(logger: Logger): DynamicModule {
  return LoggerModule.forRoot({
    pinoHttp: {
      logger,
      // Fastify's id, which its middleware layer copies onto the Node request before this runs.
      genReqId: (req) => (req as IncomingMessage & { id?: string }).id ?? requestIdOf(req),
      // Lines written during the request carry only its id; the request itself is on the response line.
      quietReqLogger: true,
      // The URL as sent: the middleware layer shortens `url` to what follows the middleware's own path.
      autoLogging: { ignore: (req) => UNLOGGED_URLS.has(((req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '').split('?', 1)[0]) },
      customLogLevel: (req, res, error) => {
        if (error || res.statusCode >= 500) return 'error';
        return QUIET_ROUTES.has(`${req.method} ${(req as RoutedRequest)[ROUTE_PATTERN]}`) ? 'debug' : 'info';
      },
      customSuccessObject: (req, _res, line: object) => ({ ...line, route: (req as RoutedRequest)[ROUTE_PATTERN] ?? null }),
      customErrorObject: (req, _res, _error, line: object) => ({ ...line, route: (req as RoutedRequest)[ROUTE_PATTERN] ?? null }),
      // Credentials never reach the logs: tokens, staff session cookies (both ways), stream tickets (in the query string).
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', 'req.query.ticket'],
      serializers: {
        req: (req: { url?: string; [key: string]: unknown }) => ({ ...req, url: req.url?.replace(/([?&]ticket=)[^&]*/g, '$1[Redacted]') }),
      },
    },
  });
}
