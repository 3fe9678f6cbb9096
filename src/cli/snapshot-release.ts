/**
 * `npm run release:schema [-- --version 0.2.0] [--migrations <folder>]`: records what a release
 * relies on in the database (release-schema.ts) into prisma/releases/<version>.schema.json. It
 * migrates a throw-away database with the release's migrations (default prisma/migrations; the
 * version default is package.json's), reads its schema and drops it. The database server is a
 * temporary embedded PostgreSQL, or DATABASE_URL's server when that is set (a database named
 * podium_release_<random> is created there and dropped). Part of cutting a release: see
 * docs/upgrades.md.
 */
import { Command } from 'commander';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import pino from 'pino';
import { createDatabaseIfMissing, PROJECT_ROOT, withDatabase } from '../common/database/database-target';
import { startEmbeddedPostgres } from '../common/database/embedded-postgres';
import { MIGRATIONS_DIR, migrate, readMigrations } from '../common/database/migrator';
import { readSchema } from './release-schema';

async function main(): Promise<void> {
  const packageVersion = (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  const options = new Command()
    .option('--version <version>', 'the release it describes', packageVersion)
    .option('--migrations <folder>', "the release's migrations folder", MIGRATIONS_DIR)
    .parse()
    .opts<{ version: string; migrations: string }>();
  const root = mkdtempSync(join(tmpdir(), 'podium-release-'));
  chmodSync(root, 0o755); // as root, the postgres user must be able to enter it
  const embedded = process.env.DATABASE_URL ? null : await startEmbeddedPostgres({ dataDir: join(root, 'pg'), port: 0, logger: pino({ level: 'warn' }) });
  const serverUrl = embedded?.url ?? process.env.DATABASE_URL!;
  const database = `podium_release_${randomBytes(4).toString('hex')}`;
  try {
    await createDatabaseIfMissing(serverUrl, database);
    const url = withDatabase(serverUrl, database);
    await migrate(url, options.migrations);
    const client = new Client({ connectionString: url });
    await client.connect();
    const schema = await readSchema(
      client,
      options.version,
      readMigrations(options.migrations).map((m) => m.name),
    ).finally(() => client.end());
    const folder = join(PROJECT_ROOT, 'prisma', 'releases');
    mkdirSync(folder, { recursive: true });
    const file = join(folder, `${options.version}.schema.json`);
    writeFileSync(file, `${JSON.stringify(schema, null, 2)}\n`);
    process.stdout.write(`wrote ${file}: ${Object.keys(schema.tables).length} tables, ${Object.keys(schema.functions).length} functions, ${schema.migrations.length} migrations\n`);
  } finally {
    const admin = new Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${database}"`).finally(() => admin.end());
    await embedded?.stop();
    rmSync(root, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`release:schema failed: ${(error as Error).message}\n`);
  process.exit(1);
});
