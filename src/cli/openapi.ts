/**
 * `npm run openapi`: writes the server's OpenAPI document (what /api/docs-json serves) to
 * web/src/api/openapi.json and the web app's types generated from it to web/src/api/schema.d.ts.
 * Needs no database: the Nest app is created but never initialized (nothing connects before
 * app.init()), only its controllers' decorators are read. test/contract/openapi.e2e-spec.ts fails when the
 * committed schema.d.ts differs from what the live document gives.
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import pino from 'pino';
import { AppModule } from '../app.module';
import { configureApp, createHttpAdapter } from '../app.setup';
import { SystemClock } from '../common/clock/clock';
import { loadConfig } from '../common/config/app-config';
import { PROJECT_ROOT } from '../common/database/database-target';
import { buildOpenApiDocument } from '../common/http/openapi-document';
import { schemaTypesOf } from './openapi-types';

/** Where the web app keeps the document and its generated types. */
export const WEB_API_DIR = join(PROJECT_ROOT, 'web', 'src', 'api');

/** The OpenAPI document of the app as main.ts configures it, without a database. */
export async function openApiDocumentOffline(): Promise<object> {
  // A URL nothing ever connects to: the pools are created lazily and the app is never initialized.
  const options = {
    config: loadConfig({ PICK_TIMERS: 'false', LOAD_SHIPPED_SETS: 'false' }),
    databaseUrl: 'postgresql://podium@127.0.0.1:1/unused',
    organizerToken: 'openapi-document-only-token',
    clock: new SystemClock(),
    logger: pino({ level: 'silent' }),
  };
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.with(options), createHttpAdapter(), { logger: false, bodyParser: false, abortOnError: false });
  try {
    configureApp(app);
    return buildOpenApiDocument(app);
  } finally {
    await app.close();
  }
}

async function main(): Promise<void> {
  const document = await openApiDocumentOffline();
  mkdirSync(WEB_API_DIR, { recursive: true });
  const json = join(WEB_API_DIR, 'openapi.json');
  const types = join(WEB_API_DIR, 'schema.d.ts');
  writeFileSync(json, `${JSON.stringify(document, null, 2)}\n`);
  writeFileSync(types, await schemaTypesOf(document));
  const paths = Object.values((document as { paths: Record<string, object> }).paths).reduce<number>((n, p) => n + Object.keys(p).length, 0);
  process.stdout.write(`wrote ${relative(process.cwd(), json)} and ${relative(process.cwd(), types)} (${paths} operations)\n`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`${(error as Error)?.stack ?? String(error)}\n`);
    process.exit(1);
  });
}
