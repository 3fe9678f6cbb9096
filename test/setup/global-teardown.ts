import type { EmbeddedPostgresHandle } from '../../src/common/database/embedded-postgres';
import { dropDatabase, SERVER_URL_ENV, TEMPLATE_DATABASE } from './test-database';

export default async function globalTeardown(): Promise<void> {
  const serverUrl = process.env[SERVER_URL_ENV];
  if (serverUrl) await dropDatabase(serverUrl, TEMPLATE_DATABASE).catch(() => undefined);
  const embedded = (globalThis as Record<string, unknown>).__PODIUM_TEST_PG__ as EmbeddedPostgresHandle | undefined;
  await embedded?.stop();
}
