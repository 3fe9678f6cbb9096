import { Logger } from '@nestjs/common';
import { join } from 'node:path';
import pino from 'pino';
import { CatalogRepository } from '../../src/catalog/catalog.repository';
import { SetImporter } from '../../src/catalog/set-importer';
import { loadShippedSets } from '../../src/catalog/shipped-sets';
import { SystemClock } from '../../src/common/clock/clock';
import { PROJECT_ROOT } from '../../src/common/database/database-target';
import { startEmbeddedPostgres } from '../../src/common/database/embedded-postgres';
import { migrate } from '../../src/common/database/migrator';
import { createPrismaClient } from '../../src/common/database/prisma.service';
import { createDatabase, databaseUrl, dropDatabase, onServer, SERVER_URL_ENV, TEMPLATE_DATABASE } from './test-database';

/**
 * One PostgreSQL for the whole run: TEST_DATABASE_URL's server when set (its maintenance database,
 * e.g. postgresql://postgres@127.0.0.1:5432/postgres), else an embedded one in .data/test-postgres.
 * Migrations run once into a template database, the shipped sets are loaded into it, and every test
 * file then clones it (test/utils/test-app.ts), so files run in parallel without seeing each other.
 */
export default async function globalSetup(): Promise<void> {
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'warn' });
  Logger.overrideLogger(['error', 'warn']);
  let serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const embedded = await startEmbeddedPostgres({ dataDir: join(PROJECT_ROOT, '.data', 'test-postgres'), port: 0, logger });
    (globalThis as Record<string, unknown>).__PODIUM_TEST_PG__ = embedded;
    serverUrl = embedded.url;
  }
  // Databases left by an interrupted run.
  const stale = await onServer(serverUrl, (c) => c.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'podium\\_test\\_%'"));
  for (const { datname } of stale.rows) await dropDatabase(serverUrl, datname);

  await createDatabase(serverUrl, TEMPLATE_DATABASE);
  const templateUrl = databaseUrl(serverUrl, TEMPLATE_DATABASE);
  await migrate(templateUrl);
  const prisma = createPrismaClient(templateUrl);
  try {
    const repository = CatalogRepository.over(prisma);
    const importer = new SetImporter(repository, new SystemClock());
    try {
      await loadShippedSets(importer, repository);
    } finally {
      await importer.onModuleDestroy();
    }
  } finally {
    await prisma.$disconnect();
  }
  process.env[SERVER_URL_ENV] = serverUrl;
}
