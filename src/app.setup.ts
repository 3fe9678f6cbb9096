import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { randomUUID } from 'node:crypto';
import pinoHttp from 'pino-http';
import type { Logger } from 'pino';
import { IMPORT_MEDIA_TYPES } from './catalog/catalog.controller';
import { DECK_IMPORT_MEDIA_TYPES } from './decks/decks.controller';
import { DomainError } from './common/errors/domain-error';
import { bodyParserError, sendError } from './common/errors/error-response';
import { checkJsonBody } from './common/validation/body-check';
import { createValidationPipe } from './common/validation/validation';

const IMPORT_PATH = '/api/sets/import';
const DECK_IMPORT_PATH = '/api/decks/import';

/** Whether a request carries a body (by its headers, before reading it). */
function hasBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

/** Import bodies (set files) may be large; everything else is small JSON. */
const IMPORT_LIMIT = '10mb';
const JSON_LIMIT = '1mb';

/** Runs a body parser and turns its errors into the API's error shape (filters do not see middleware errors). */
function guarded(parser: RequestHandler): RequestHandler {
  return (req, res, next) => parser(req, res, (error?: unknown) => (error ? sendError(res, bodyParserError(error as { type?: string })) : next()));
}

/**
 * Everything about the HTTP surface that is not a controller: `/api` prefix, request ids and
 * request logs, body parsers, validation, OpenAPI at /api/docs (+ /api/docs-json).
 * Shared by main.ts and the e2e tests so they test what runs.
 */
export function configureApp(app: INestApplication, logger: Logger): void {
  app.setGlobalPrefix('api');
  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const given = req.headers['x-request-id'];
        const id = typeof given === 'string' && /^[\w-]{1,100}$/.test(given) ? given : randomUUID();
        res.setHeader('x-request-id', id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === '/api/health' },
      // Tokens never reach the logs (stream tickets travel in the query string).
      redact: ['req.headers.authorization', 'req.query.ticket'],
      serializers: {
        req: (req: { url?: string; [key: string]: unknown }) => ({ ...req, url: req.url?.replace(/([?&]ticket=)[^&]*/g, '$1[Redacted]') }),
      },
    }),
  );
  const importText = guarded(express.text({ type: IMPORT_MEDIA_TYPES, limit: IMPORT_LIMIT }));
  const deckText = guarded(express.text({ type: DECK_IMPORT_MEDIA_TYPES, limit: JSON_LIMIT }));
  const json = guarded(express.json({ limit: JSON_LIMIT }));
  app.use((req: Request, res: Response, next: NextFunction) => {
    // Exactly the import route (a set coded "import" still has JSON booster requests).
    if (req.path === IMPORT_PATH) return importText(req, res, next);
    if (req.path === DECK_IMPORT_PATH) return deckText(req, res, next);
    if (hasBody(req) && !req.is('application/json')) {
      return sendError(
        res,
        new DomainError('UNSUPPORTED_MEDIA_TYPE', 'Send the request body as JSON (Content-Type: application/json)', [
          { field: 'content-type', rule: 'mediaType', message: `got ${req.headers['content-type'] ?? 'none'}` },
        ]),
      );
    }
    return json(req, res, (error?: unknown) => {
      if (error) return next(error);
      try {
        checkJsonBody(req.body);
      } catch (problem) {
        return sendError(res, problem as DomainError);
      }
      return next();
    });
  });
  app.useGlobalPipes(createValidationPipe());

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Podium API')
      .setDescription(
        'Sealed and booster-draft tournaments for World of Warcraft TCG and Berserk. Errors always have the shape { statusCode, code, message, details[] }. Organizer routes need Authorization: Bearer <ORGANIZER_TOKEN>.',
      )
      .setVersion('0.1.0')
      .addBearerAuth()
      .build(),
  );
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });
}

/**
 * After app.init(): anything no route matched (also outside /api) answers the API's error shape
 * instead of Express's HTML page.
 */
export function finishApp(app: INestApplication): void {
  app.use((req: Request, res: Response) =>
    sendError(res, new DomainError('ROUTE_NOT_FOUND', `Cannot ${req.method} ${req.path}`, [])),
  );
}
