import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import express, { type RequestHandler } from 'express';
import { randomUUID } from 'node:crypto';
import pinoHttp from 'pino-http';
import type { Logger } from 'pino';
import { IMPORT_MEDIA_TYPES } from './catalog/catalog.controller';
import { bodyParserError, sendError } from './common/errors/error-response';
import { createValidationPipe } from './common/validation/validation';

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
    }),
  );
  app.use('/api/sets/import', guarded(express.text({ type: IMPORT_MEDIA_TYPES, limit: IMPORT_LIMIT })));
  app.use(guarded(express.json({ limit: JSON_LIMIT })));
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
