import { Client } from 'pg';

/** Name of the migrated, seeded database every test file clones (CREATE DATABASE … TEMPLATE). */
export const TEMPLATE_DATABASE = 'podium_test_template';
/** Environment variable through which globalSetup hands the server URL to the test workers. */
export const SERVER_URL_ENV = 'PODIUM_TEST_SERVER_URL';

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Runs statements on the server's maintenance database. */
export async function onServer<T>(serverUrl: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Tests only ever create or drop databases whose name says test (guard against a wrong URL). */
function assertTestName(name: string): void {
  if (!/^podium_test_/.test(name)) throw new Error(`refusing to touch database "${name}": test databases are named podium_test_*`);
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  assertTestName(name);
  await onServer(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${ident(name)} WITH (FORCE)`));
}

export async function createDatabase(serverUrl: string, name: string, template?: string): Promise<void> {
  assertTestName(name);
  await onServer(serverUrl, async (c) => {
    // PostgreSQL 15+ copies a database through the WAL by default; copying the template's files is
    // about twice as fast here, and every test file clones it.
    const fileCopy = template && Number((await c.query<{ v: string }>('SHOW server_version_num')).rows[0].v) >= 150000 ? ' STRATEGY FILE_COPY' : '';
    return c.query(`CREATE DATABASE ${ident(name)}${template ? ` TEMPLATE ${ident(template)}${fileCopy}` : ''}`);
  });
}

export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
