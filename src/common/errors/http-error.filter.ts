import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { DomainError, type ErrorCode } from './domain-error';
import { bodyParserError, sendError } from './error-response';

/**
 * The one place where errors become HTTP responses. Domain errors map by code
 * (see statusOf); Nest's own HttpExceptions (unknown route, …) are translated to the same shape;
 * anything else is a 500 with a generic message and the details only in the log.
 */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger(HttpErrorFilter.name);

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    sendError(res, this.toDomainError(exception));
  }

  private toDomainError(exception: unknown): DomainError {
    if (exception instanceof DomainError) return exception;
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const code: ErrorCode | undefined =
        status === 404 ? 'ROUTE_NOT_FOUND' : status === 401 || status === 403 ? 'UNAUTHORIZED' : status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : status < 500 ? 'VALIDATION_FAILED' : undefined;
      if (code) return new DomainError(code, exception.message, []);
    }
    const maybeBody = exception as { type?: string; status?: number };
    if (typeof maybeBody?.type === 'string' && typeof maybeBody.status === 'number' && maybeBody.status < 500) {
      return bodyParserError(maybeBody);
    }
    this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    return new DomainError('INTERNAL_ERROR', 'Internal server error', []);
  }
}
