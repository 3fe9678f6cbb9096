import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { PROJECT_ROOT } from '../../src/common/database/database-target';
import { readMigrations } from '../../src/common/database/migrator';
import { contractBreaks, newestRelease, readSchema, type ReleaseSchema } from '../../src/cli/release-schema';
import { databaseUrl, SERVER_URL_ENV, TEMPLATE_DATABASE } from '../setup/test-database';

/**
 * Rolling upgrades: while one instance already runs this code (and applied its migrations), the
 * others still run the last release. The schema migrated to this code must keep everything the
 * last release relies on (prisma/releases/<version>.schema.json, recorded when it was cut).
 */
describe('rolling upgrade from the last release', () => {
  const folder = join(PROJECT_ROOT, 'prisma', 'releases');
  const releases = readdirSync(folder)
    .filter((f) => f.endsWith('.schema.json'))
    .map((f) => JSON.parse(readFileSync(join(folder, f), 'utf8')) as ReleaseSchema);

  it('a release schema is recorded for the last release', () => {
    expect(newestRelease(releases)).toBeDefined();
  });

  it('expand then contract: the migrated schema keeps every table, column, index, constraint, trigger and function of the last release', async () => {
    const last = newestRelease(releases)!;
    const client = new Client({ connectionString: databaseUrl(process.env[SERVER_URL_ENV]!, TEMPLATE_DATABASE) });
    await client.connect();
    try {
      const now = await readSchema(
        client,
        'next',
        readMigrations().map((m) => m.name),
      );
      // Each break names what the last release still uses; drop it only once the release after it no longer does.
      expect(contractBreaks(last, now)).toEqual([]);
    } finally {
      await client.end();
    }
  });
});
