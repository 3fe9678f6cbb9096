import type { FastifyInstance, FastifyRequest } from 'fastify';
import iconv from 'iconv-lite';
import type { IncomingMessage } from 'node:http';
import { DomainError } from '../errors/domain-error';
import { checkJsonBody } from '../validation/body-check';

/** Import bodies (set files) may be large; everything else is small JSON. In bytes. */
export const IMPORT_LIMIT = 10 * 1024 * 1024;
/**
 * JSON bodies and deck list files, in bytes. The largest real JSON body, a deck check with a
 * 1,000-card pool, main deck and sideboard, is under 100 KB (about 170 KB pretty-printed), and a
 * 500-line deck list under 160 KB; parsing is on the event loop, and 1 MB of JSON took 20–130 ms
 * to parse on a loaded 2-core machine where 256 KB takes 1–17 ms.
 */
export const JSON_LIMIT = 256 * 1024;

/** A route that takes its body as text, with the media types it reads as text and its limit in bytes. */
export interface TextRoute {
  path: string;
  mediaTypes: readonly string[];
  limit: number;
  /**
   * Who may send it, checked from the headers before a byte of the body is read (a large body
   * of a caller without the right is refused at once, not buffered first). Throws its refusal.
   */
  authorize?: (request: FastifyRequest) => Promise<void>;
  /**
   * The route decodes the text itself (it knows how to tell encodings apart): its body is a
   * {@link RawTextBody} instead of a string.
   */
  raw?: boolean;
}

/** The body of a `raw` text route: the bytes as sent and the charset the request declared (lower case), if any. */
export interface RawTextBody {
  bytes: Buffer;
  charset: string | null;
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

/** What the request's headers decided (once, in onRequest): its text route, if any, and its body limit. */
const BODY_RULES = Symbol('podium.bodyRules');
type RequestWithRules = IncomingMessage & { [BODY_RULES]?: { route: TextRoute | undefined; limit: number } };

/**
 * Fastify's own refusals of a body (over the limit while streaming a chunked body, a Content-Type
 * it cannot parse) as this API's errors, with the route's limit and the header at fault.
 * @returns null for any other error.
 */
export function bodyProblem(raw: IncomingMessage, fastifyCode: string | undefined): DomainError | null {
  if (fastifyCode === 'FST_ERR_CTP_BODY_TOO_LARGE') return tooLarge((raw as RequestWithRules)[BODY_RULES]?.limit ?? IMPORT_LIMIT);
  if (fastifyCode === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || fastifyCode === 'FST_ERR_CTP_INVALID_CONTENT_TYPE') {
    return new DomainError('UNSUPPORTED_MEDIA_TYPE', 'The Content-Type header is not a media type this route reads', [
      { field: 'content-type', rule: 'mediaType', message: `got ${raw.headers['content-type'] || 'an empty header'}` },
    ]);
  }
  if (fastifyCode === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH' || fastifyCode === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return new DomainError('MALFORMED_BODY', 'The request body does not match its Content-Length', [
      { field: 'body', rule: 'contentLength', message: 'body length differs from Content-Length' },
    ]);
  }
  return null;
}

function tooLarge(limit: number): DomainError {
  return new DomainError('PAYLOAD_TOO_LARGE', `Request body is larger than the ${limit} bytes this route accepts`, [
    { field: 'body', rule: 'maxSize', message: `at most ${limit} bytes` },
  ]);
}

function unsupportedCharset(charset: string): DomainError {
  const message = `unsupported charset "${charset.toUpperCase()}"`;
  return new DomainError('UNSUPPORTED_MEDIA_TYPE', message, [{ field: 'content-type', rule: 'charset', message }]);
}

/** The body's text in its declared charset (default UTF-8), without a byte order mark. */
function decode(body: Buffer, charset: string | null): string {
  const encoding = charset ?? 'utf-8';
  if (encoding === 'utf-8' || encoding === 'utf8') {
    const text = body.toString('utf8');
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  }
  if (!iconv.encodingExists(encoding)) throw unsupportedCharset(encoding);
  return iconv.decode(body, encoding); // strips a BOM
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
    const path = pathOf(request).toLowerCase().replace(/\/+$/, '');
    return textRoutes.find((r) => r.path === path);
  };

  const admit = (request: FastifyRequest, route: TextRoute | undefined, done: (error?: Error) => void): void => {
    const length = Number(request.headers['content-length'] ?? 0);
    const limit = route?.limit ?? JSON_LIMIT;
    (request.raw as RequestWithRules)[BODY_RULES] = { route, limit };
    if (length > limit) return done(tooLarge(limit));
    // Compressed request bodies are not read: refused plainly rather than parsed as garbage.
    const encoding = request.headers['content-encoding'];
    if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity') {
      return done(
        new DomainError('UNSUPPORTED_MEDIA_TYPE', `Request bodies are read uncompressed; got Content-Encoding: ${encoding}`, [
          { field: 'content-encoding', rule: 'identity', message: `unsupported content encoding "${encoding}"` },
        ]),
      );
    }
    done();
  };

  fastify.addHook('onRequest', (request, _reply, done) => {
    const route = textRoute(request);
    // Synchronous unless the route checks its caller first (a database read): the pick path pays no promise.
    if (!route?.authorize || request.method === 'GET' || request.method === 'HEAD') return admit(request, route, done);
    route.authorize(request).then(
      () => admit(request, route, done),
      (refusal: unknown) => done(refusal as Error),
    );
  });

  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: IMPORT_LIMIT }, (request, body, done) => {
    const bytes = body as Buffer;
    const { route, limit } = (request.raw as RequestWithRules)[BODY_RULES] ?? { route: textRoute(request), limit: JSON_LIMIT };
    if (bytes.length > limit) return done(tooLarge(limit), undefined);
    const { type, charset } = mediaTypeOf(request.headers['content-type']);
    if (route) {
      if (!route.mediaTypes.includes(type)) return done(null, undefined);
      if (route.raw) return charset && !iconv.encodingExists(charset) ? done(unsupportedCharset(charset), undefined) : done(null, { bytes, charset } satisfies RawTextBody);
      try {
        return done(null, decode(bytes, charset));
      } catch (problem) {
        return done(problem as Error, undefined);
      }
    }
    if (type !== 'application/json') return done(notJson(request.headers['content-type']), undefined);
    if (charset && charset !== 'utf-8' && charset !== 'utf8') return done(unsupportedCharset(charset), undefined);
    const text = decode(bytes, null);
    if (text.trim() === '') return done(null, undefined);
    // Strict, as JSON APIs are: a body is an object or an array, never a bare value.
    const first = /\S/.exec(text)?.[0];
    if (first !== '{' && first !== '[') {
      return done(
        new DomainError('MALFORMED_BODY', 'Request body is not valid JSON: it must be an object or an array', [{ field: 'body', rule: 'json', message: 'not an object or array' }]),
        undefined,
      );
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
