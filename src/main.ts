import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { AppModule } from './app.module';
import { configureApp, createHttpAdapter, finishApp } from './app.setup';
import { CatalogRepository } from './catalog/catalog.repository';
import { loadShippedSets } from './catalog/shipped-sets';
import { CardImages } from './catalog/images/card-images.service';
import { SetImporter } from './catalog/set-importer';
import { keepSetupLink, resolveOrganizerToken } from './common/auth/organizer-token';
import { SystemClock } from './common/clock/clock';
import { ConfigError, loadConfig } from './common/config/app-config';
import { nodeVersionProblem } from './common/config/node-version';
import { PROJECT_ROOT, resolveDatabase, type DatabaseTarget } from './common/database/database-target';
import { migrate } from './common/database/migrator';
import { startupBanner, lanAddresses } from './common/http/startup-banner';
import { createRootLogger, PinoNestLogger } from './common/logging/logger';
import { AccountsService } from './staff/accounts.service';

/**
 * Start-up, in order: configuration (checked) → database (DATABASE_URL and DATABASE_DIRECT_URL, or
 * an embedded PostgreSQL) → migrations (over the direct URL: they hold a session advisory lock) → shipped card sets → HTTP. Any failure stops the process with a
 * clear message and a non-zero exit; SIGINT/SIGTERM close HTTP, then the database.
 */
async function bootstrap(): Promise<void> {
  const tooOld = nodeVersionProblem(process.versions.node);
  if (tooOld) {
    process.stderr.write(`${tooOld}\n`);
    process.exit(2);
  }
  const envFile = join(PROJECT_ROOT, '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(2);
  }
  const logger = createRootLogger(config.LOG_LEVEL);
  let database: DatabaseTarget | undefined;
  try {
    database = await resolveDatabase({
      databaseUrl: config.DATABASE_URL,
      directUrl: config.DATABASE_DIRECT_URL,
      embeddedDir: config.EMBEDDED_PG_DIR,
      embeddedPort: config.EMBEDDED_PG_PORT,
      logger,
    });
    const applied = await migrate(database.directUrl);
    if (applied.length) logger.info({ applied }, 'migrations applied');

    const organizer = resolveOrganizerToken(config.ORGANIZER_TOKEN, join(PROJECT_ROOT, '.data', 'organizer-token'));
    const app = await NestFactory.create<NestFastifyApplication>(
      AppModule.with({ config, databaseUrl: database.url, directDatabaseUrl: database.directUrl, organizerToken: organizer.token, clock: new SystemClock(), logger }),
      createHttpAdapter({ requestTimeoutMs: config.REQUEST_TIMEOUT_MS, trustProxy: config.TRUST_PROXY }),
      {
        logger: new PinoNestLogger(logger),
        bodyParser: false,
      },
    );
    configureApp(app, { corsOrigins: config.CORS_ORIGINS, webRoot: join(PROJECT_ROOT, 'dist', 'web') });
    await app.init();
    await finishApp(app);
    // The image folder was matched at init; sets loaded now (first start) bring cards it may show.
    if (config.LOAD_SHIPPED_SETS && (await loadShippedSets(app.get(SetImporter), app.get(CatalogRepository))).length > 0) await app.get(CardImages).scan();

    database.embedded?.holdExitHookUntilStop();
    let closing = false;
    const shutdown = async (signal: string) => {
      if (closing) return;
      closing = true;
      logger.info({ signal }, 'shutting down');
      await app.close().catch((e: unknown) => logger.error({ err: e }, 'error while closing the app'));
      await database?.embedded?.stop().catch((e: unknown) => logger.error({ err: e }, 'error while stopping embedded PostgreSQL'));
      process.exit(0);
    };
    process.once('SIGINT', () => void shutdown('SIGINT'));
    process.once('SIGTERM', () => void shutdown('SIGTERM'));

    await app.listen(config.PORT, config.HOST);
    const port = (app.getHttpServer().address() as { port: number }).port;
    const url = `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${port}`;
    // Until the owner's account exists, each start makes a fresh setup link (the older one stops working).
    const webUrl = (config.PUBLIC_URL ?? url).replace(/\/+$/, '');
    const setupLink = await app.get(AccountsService).prepareSetupLink(webUrl);
    const setupLinkFile = join('.data', 'setup-link');
    keepSetupLink(join(PROJECT_ROOT, setupLinkFile), setupLink);
    const databaseText = database.embedded ? `embedded PostgreSQL in ${database.embedded.dataDir}` : 'DATABASE_URL';
    logger.info({ url, docs: `${url}/api/docs`, database: databaseText }, `Podium is listening on ${url} (API docs: ${url}/api/docs)`);
    // For the person at the keyboard, besides the JSON log: where to go, and where players go.
    process.stdout.write(
      startupBanner({
        host: config.HOST,
        port,
        lanAddresses: lanAddresses(),
        publicUrl: config.PUBLIC_URL,
        organizerToken:
          organizer.source === 'config'
            ? { source: 'config' }
            : organizer.source === 'generated'
              ? { source: 'generated', file: join('.data', 'organizer-token'), token: organizer.token }
              : { source: 'file', file: join('.data', 'organizer-token') },
        database: databaseText,
        setupLink: setupLink ? { url: setupLink, file: setupLinkFile } : undefined,
      }) + '\n',
    );
  } catch (error) {
    logger.fatal({ err: error }, `start-up failed: ${(error as Error).message}`);
    await database?.embedded?.stop().catch(() => undefined);
    process.exit(1);
  }
}

void bootstrap().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : String((error as Error)?.stack ?? error)}\n`);
  process.exit(1);
});
