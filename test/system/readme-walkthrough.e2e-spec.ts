import { execFileSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../../src/common/database/embedded-postgres';
import { startServerProcess } from '../utils/server-process';
import { createDatabase, databaseUrl, dropDatabase, SERVER_URL_ENV, TEMPLATE_DATABASE } from '../setup/test-database';

/** The README's curl walk-through, run as written (bash, curl, node) against a live server process. */
describe('README walk-through', () => {
  const serverUrl = process.env[SERVER_URL_ENV]!;
  const dbName = `podium_test_readme_${randomUUID().slice(0, 8)}`;
  const token = 'readme-walkthrough-organizer-token';
  let server: ChildProcess;
  let port: number;

  beforeAll(async () => {
    await createDatabase(serverUrl, dbName, TEMPLATE_DATABASE);
    port = await freePort();
    server = await startServerProcess(port, { DATABASE_URL: databaseUrl(serverUrl, dbName), ORGANIZER_TOKEN: token, LOAD_SHIPPED_SETS: 'false', PICK_TIMERS: 'false' });
  });
  afterAll(async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await dropDatabase(serverUrl, dbName);
  });

  it('the organizer’s whole flow from the README runs and ends with a verified event', () => {
    const readme = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Walk-through with curl'));
    const script = /```bash\n([\s\S]*?)```/.exec(section)![1];
    const out = execFileSync('bash', ['-euo', 'pipefail', '-c', script], {
      env: { ...process.env, B: `http://127.0.0.1:${port}/api`, ORG: `authorization: Bearer ${token}` },
      encoding: 'utf8',
    });
    const lines = out.trim().split('\n');
    expect(lines[0]).toBe('drafting');
    expect(lines[1]).toBe('8');
    expect(lines).toContain('building');
    expect(lines.filter((l) => l === 'true').length).toBeGreaterThanOrEqual(4); // two legal decks, seed revealed, verification ok
    expect(out).toMatch(/Rank\s+Player/);
    expect(out).toMatch(/Lions/);
    expect(out).toMatch(/Wolves/);
    expect(out).toMatch(/(Lions|Wolves)\s+3\s+1-0-0/); // the winning team: 3 match points, one win
    expect(lines.at(-1)).toBe('true');
  });
});
