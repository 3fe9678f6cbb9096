import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../errors/domain-error';
import { checkJsonBody } from '../validation/body-check';

/** Import bodies (set files) may be large; everything else is small JSON. In bytes. */
export const IMPORT_LIMIT = 10 * 1024 * 1024;
export const JSON_LIMIT = 1024 * 1024;

/** A route that takes its body as text, with the media types it reads as text and its limit in bytes. */
export interface TextRoute {
  path: string;
  mediaTypes: readonly string[];
  limit: number;
}

function mediaTypeOf(header: string | undefined): { type: string; charset: string | null } {
  const [type, ...params] = (header ?? '').split(';');
  const charset = params.map((p) => /^\s*charset\s*=\s*"?([^";\s]+)"?\s*$/i.exec(p)?.[1]).find(Boolean);
  return { type: type.trim().toLowerCase(), charset: charset?.toLowerCase() ?? null };
}

function pathOf(request: FastifyRequest): string {
  const url = request.raw.url ?? '/';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

function tooLarge(limit: number): DomainError {
  return new DomainError('PAYLOAD_TOO_LARGE', `Request body is larger than the ${limit} bytes this route accepts`, [
    { field: 'body', rule: 'maxSize', message: `at most ${limit} bytes` },
  ]);
}

function notJson(contentType: string | undefined): DomainError {
  return new DomainError('UNSUPPORTED_MEDIA_TYPE', 'Send the request body as JSON (Content-Type: application/json)', [
    { field: 'content-type', rule: 'mediaType', message: `got ${contentType ?? 'none'}` },
  ]);
}

/**
 * How every request body is read (Fastify's own parsers are replaced):
 * - the text routes (set and deck imports) get their body as a string when it has one of their
 *   media types, else no body (the route then names the types it takes, 415); up to their limit;
 * - every other route takes JSON only (415 UNSUPPORTED_MEDIA_TYPE otherwise), UTF-8, up to
 *   JSON_LIMIT bytes (413 PAYLOAD_TOO_LARGE, refused from Content-Length before the body is
 *   read), parsed (400 MALFORMED_BODY) and checked by {@link checkJsonBody}.
 * Errors are DomainErrors, so they reach the one error filter like any other.
 */
export function registerRequestBodies(fastify: FastifyInstance, textRoutes: readonly TextRoute[]): void {
  const textRoute = (request: FastifyRequest) => {
    const path = pathOf(request);
    return textRoutes.find((r) => r.path === path);
  };
  const limitOf = (request: FastifyRequest) => textRoute(request)?.limit ?? JSON_LIMIT;

  fastify.addHook('onRequest', (request, _reply, done) => {
    const length = Number(request.headers['content-length'] ?? 0);
    const limit = limitOf(request);
    done(length > limit ? tooLarge(limit) : undefined);
  });

  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', { parseAs: 'string', bodyLimit: IMPORT_LIMIT }, (request, body, done) => {
    const text = body as string;
    const limit = limitOf(request);
    if (Buffer.byteLength(text, 'utf8') > limit) return done(tooLarge(limit), undefined);
    const { type, charset } = mediaTypeOf(request.headers['content-type']);
    const route = textRoute(request);
    if (route) return done(null, route.mediaTypes.includes(type) ? text : undefined);
    if (type !== 'application/json') return done(notJson(request.headers['content-type']), undefined);
    if (charset && charset !== 'utf-8' && charset !== 'utf8') {
      return done(
        new DomainError('UNSUPPORTED_MEDIA_TYPE', `unsupported charset "${charset.toUpperCase()}"`, [{ field: 'body', rule: 'encoding', message: `unsupported charset "${charset.toUpperCase()}"` }]),
        undefined,
      );
    }
    if (text.trim() === '') return done(null, undefined);
    // Strict, as JSON APIs are: a body is an object or an array, never a bare value.
    const first = /\S/.exec(text)?.[0];
    if (first !== '{' && first !== '[') {
      return done(new DomainError('MALFORMED_BODY', 'Request body is not valid JSON: it must be an object or an array', [{ field: 'body', rule: 'json', message: 'not an object or array' }]), undefined);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      const message = (error as Error).message;
      return done(new DomainError('MALFORMED_BODY', `Request body is not valid JSON: ${message}`, [{ field: 'body', rule: 'json', message }]), undefined);
    }
    try {
      checkJsonBody(parsed);
    } catch (problem) {
      return done(problem as Error, undefined);
    }
    done(null, parsed);
  });
}
