import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { bodyProblem } from '../http/request-bodies';
import { DomainError, type ErrorCode } from './domain-error';
import { sendError } from './error-response';

/**
 * The one place where errors become HTTP responses. Domain errors map by code
 * (see statusOf); Nest's own HttpExceptions (unknown route, …) are translated to the same shape;
 * anything else is a 500 with a generic message and the details only in the log.
 */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger(HttpErrorFilter.name);

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<FastifyReply>();
    const req = host.switchToHttp().getRequest<FastifyRequest>();
    sendError(res, this.toDomainError(exception, req?.raw));
  }

  private toDomainError(exception: unknown, raw: IncomingMessage | undefined): DomainError {
    if (exception instanceof DomainError) return exception;
    if (exception instanceof HttpException) {
      const body = raw ? bodyProblem(raw, fastifyCode(exception.cause)) : null;
      if (body) return body;
      const status = exception.getStatus();
      const code: ErrorCode | undefined =
        status === 404
          ? 'ROUTE_NOT_FOUND'
          : status === 401 || status === 403
            ? 'UNAUTHORIZED'
            : status === 413
              ? 'PAYLOAD_TOO_LARGE'
              : status === 415
                ? 'UNSUPPORTED_MEDIA_TYPE'
                : status < 500
                  ? 'VALIDATION_FAILED'
                  : undefined;
      if (code === 'VALIDATION_FAILED' && fastifyCode(exception.cause)?.startsWith('FST_ERR_CTP_')) {
        return new DomainError('MALFORMED_BODY', `Request body could not be read: ${exception.message}`, [{ field: 'body', rule: 'readable', message: exception.message }]);
      }
      if (code) return new DomainError(code, exception.message, []);
    }
    // A client that went away in the middle of its body (not the database: pg errors never say just "aborted").
    if ((exception as Error | undefined)?.message === 'aborted') {
      return new DomainError('MALFORMED_BODY', 'The request body was cut off before its end', [{ field: 'body', rule: 'complete', message: 'the client aborted the upload' }]);
    }
    if (isDatabaseUnavailable(exception)) {
      this.logger.warn(`database unavailable: ${(exception as Error).message}`);
      return Object.assign(
        new DomainError('DATABASE_UNAVAILABLE', 'The database does not answer; try again shortly', [
          { field: 'database', rule: 'available', message: 'the database does not answer' },
        ]),
        {
          retryAfterSeconds: 2,
        },
      );
    }
    this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    return new DomainError('INTERNAL_ERROR', 'Internal server error', []);
  }
}

/** The code of one of Fastify's own errors (FST_ERR_…), if it is one. */
function fastifyCode(cause: unknown): string | undefined {
  const code = (cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && code.startsWith('FST_ERR_') ? code : undefined;
}

/** Connection-level failures (server down, restarting, unreachable): a 503, not a bug of ours. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  // too_many_connections: no connection to be had now (the pool cannot grow)
  '53300',
  // query_canceled: PostgreSQL's statement_timeout (DB_STATEMENT_TIMEOUT_MS) or an administrator's pg_cancel_backend
  '57014',
  '08000',
  '08001',
  '08003',
  '08006',
  'P1001',
  'P1002',
  'P1017',
  'P2024',
  // guarded-pg.ts: a query that ran out of time, or refused while the database is known to be down.
  'PODIUM_DB_TIMEOUT',
  'PODIUM_DB_DOWN',
]);
const UNAVAILABLE_TEXT =
  /ECONNREFUSED|Can't reach database server|Connection terminated|connection is closed|terminating connection|the database system is (starting up|shutting down)|timeout exceeded when trying to connect|database did not answer within|database unavailable:|Client has encountered a connection error/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown; meta?: unknown } | undefined, depth = 0; e && depth < 5; depth++) {
    if (typeof e.code === 'string' && UNAVAILABLE_CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_TEXT.test(e.message)) return true;
    const meta = e.meta as { driverAdapterError?: { cause?: { originalCode?: string; kind?: string } } } | undefined;
    const original = meta?.driverAdapterError?.cause;
    if (original?.originalCode && UNAVAILABLE_CODES.has(original.originalCode)) return true;
    if (original?.kind === 'DatabaseNotReachable' || original?.kind === 'ConnectionClosed') return true;
    e = e.cause as typeof e;
  }
  return false;
}
