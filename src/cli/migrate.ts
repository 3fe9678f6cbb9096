/**
 * `npm run migrate`: applies pending migrations to DATABASE_URL (through DATABASE_DIRECT_URL when
 * set: the migrations' session advisory lock needs a session of its own), or to the embedded
 * PostgreSQL when it is unset, without starting the HTTP server.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../common/config/app-config';
import { PROJECT_ROOT, resolveDatabase } from '../common/database/database-target';
import { migrate } from '../common/database/migrator';
import { createRootLogger } from '../common/logging/logger';

async function main(): Promise<void> {
  const envFile = join(PROJECT_ROOT, '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  const config = loadConfig(process.env);
  const logger = createRootLogger(config.LOG_LEVEL);
  const database = await resolveDatabase({
    databaseUrl: config.DATABASE_URL,
    directUrl: config.DATABASE_DIRECT_URL,
    embeddedDir: config.EMBEDDED_PG_DIR,
    embeddedPort: config.EMBEDDED_PG_PORT,
    logger,
  });
  try {
    const applied = await migrate(database.directUrl);
    logger.info({ applied }, applied.length ? `applied ${applied.length} migration(s)` : 'database is up to date');
  } finally {
    await database.embedded?.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`migrate failed: ${(error as Error).message}\n`);
  process.exit(1);
});
