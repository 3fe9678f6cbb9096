import type { Socket } from 'node:net';
import { DomainError } from '../errors/domain-error';
import { errorBody } from '../errors/error-response';

/** Reason phrases of the statuses Node's HTTP parser ends a connection with. */
const REASONS: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };

/**
 * Errors Node's HTTP server raises before any route runs (headers over the limit, a request not
 * received in time, unparseable HTTP) as the API's error shape, then the connection is closed
 * (HTTP requires it: the rest of the request cannot be read). A socket that is already gone is
 * just destroyed.
 */
export function clientErrorResponse(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const problem =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? new DomainError('REQUEST_HEADERS_TOO_LARGE', 'The URL and headers are larger than the 16 KB this server accepts', [
          { field: 'headers', rule: 'maxSize', message: 'at most 16 KB of URL and headers' },
        ])
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new DomainError('REQUEST_TIMEOUT', 'The request was not received in time', [{ field: 'request', rule: 'timeout', message: 'send the whole request sooner' }])
        : new DomainError('MALFORMED_REQUEST', 'The request is not valid HTTP', [{ field: 'request', rule: 'http', message: error.code ?? 'unparseable request' }]);
  const body = JSON.stringify(errorBody(problem));
  const status = errorBody(problem).statusCode;
  socket.end(
    `HTTP/1.1 ${status} ${REASONS[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
