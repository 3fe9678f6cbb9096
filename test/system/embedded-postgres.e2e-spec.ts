import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { freePort } from '../../src/common/database/embedded-postgres';

const SCRIPT = join(__dirname, '..', 'support', 'start-embedded-pg.js');

function openTempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'podium-epg-'));
  chmodSync(dir, 0o755); // as root, the postgres user must be able to enter it
  return dir;
}

/** Runs the compiled embedded-PostgreSQL start in its own process; resolves with its first line. */
function startProcess(dataDir: string): { child: ChildProcess; line: Promise<string> } {
  const child = spawn(process.execPath, [SCRIPT, dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = new Promise<string>((ok) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) ok(out.split('\n')[0]);
    });
    child.on('exit', (code) => ok(out.split('\n')[0] || `exit ${code}`));
  });
  return { child, line };
}

/** Signs in as the superuser with `password`: true, or false when PostgreSQL says the password is wrong. */
async function signsIn(port: number, password: string): Promise<boolean> {
  const client = new Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
  try {
    await client.connect();
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === '28P01') return false;
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function stopProcess(child: ChildProcess): Promise<void> {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

describe('embedded PostgreSQL (real processes)', () => {
  it('each cluster gets a superuser password of its own, kept beside the data folder in an owner-only file', async () => {
    const dirs = [join(openTempDir(), 'pg'), join(openTempDir(), 'pg')];
    const passwords: string[] = [];
    for (const dir of dirs) {
      const { child, line } = startProcess(dir);
      try {
        const ready = await line;
        expect(ready).toMatch(/^ready \d+/);
        const port = Number(ready.split(' ')[1]);
        const file = `${dir}.password`;
        expect(statSync(file).mode & 0o777).toBe(0o600);
        const password = readFileSync(file, 'utf8').trim();
        expect(password).toMatch(/^[A-Za-z0-9_-]{32}$/);
        expect(await signsIn(port, password)).toBe(true);
        expect(await signsIn(port, 'podium')).toBe(false); // the old shared default opens nothing
        passwords.push(password);
      } finally {
        await stopProcess(child);
      }
    }
    expect(passwords[0]).not.toBe(passwords[1]);
  });

  it('a cluster made with the old shared password gets its own at the next start, with its data kept', async () => {
    const dir = join(openTempDir(), 'pg');
    const first = startProcess(dir);
    const line = await first.line;
    expect(line).toMatch(/^ready \d+/);
    const port = Number(line.split(' ')[1]);
    const own = readFileSync(`${dir}.password`, 'utf8').trim();
    // What an installation of the previous release looks like: password "podium", no password file.
    const client = new Client({ host: '127.0.0.1', port, user: 'postgres', password: own, database: 'postgres' });
    await client.connect();
    await client.query('CREATE TABLE kept (v text)');
    await client.query("INSERT INTO kept VALUES ('season 1')");
    await client.query("ALTER ROLE postgres PASSWORD 'podium'");
    await client.end();
    await stopProcess(first.child);
    rmSync(`${dir}.password`);

    const second = startProcess(dir);
    try {
      const ready = await second.line;
      expect(ready).toMatch(/^ready \d+/);
      const again = Number(ready.split(' ')[1]);
      const password = readFileSync(`${dir}.password`, 'utf8').trim();
      expect(statSync(`${dir}.password`).mode & 0o777).toBe(0o600);
      expect(password).not.toBe(own);
      expect(await signsIn(again, 'podium')).toBe(false);
      const reader = new Client({ host: '127.0.0.1', port: again, user: 'postgres', password, database: 'postgres' });
      await reader.connect();
      expect((await reader.query('SELECT v FROM kept')).rows).toEqual([{ v: 'season 1' }]);
      await reader.end();
    } finally {
      await stopProcess(second.child);
    }
  });

  it('refuses a non-empty folder that is not a PostgreSQL data folder, and changes nothing in it', async () => {
    const target = join(openTempDir(), 'not-a-cluster');
    mkdirSync(target, { mode: 0o755 });
    writeFileSync(join(target, 'notes.txt'), 'mine');
    const before = statSync(target);
    const { line } = startProcess(target);
    expect(await line).toMatch(/failed .*not empty and is not a PostgreSQL data folder/);
    const after = statSync(target);
    expect([after.uid, after.mode]).toEqual([before.uid, before.mode]);
    expect(readdirSync(target)).toEqual(['notes.txt']);
  });

  it('a server killed with SIGKILL leaves PostgreSQL running; the next start stops that orphan and starts cleanly', async () => {
    const dir = join(openTempDir(), 'pg');
    const first = startProcess(dir);
    expect(await first.line).toMatch(/^ready \d+/);
    const orphanPid = Number(readFileSync(join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    expect(() => process.kill(orphanPid, 0)).not.toThrow(); // still running: an orphan

    const second = startProcess(dir);
    try {
      expect(await second.line).toMatch(/^ready \d+/);
      expect(() => process.kill(orphanPid, 0)).toThrow();
    } finally {
      second.child.kill('SIGTERM');
      await new Promise((r) => second.child.once('exit', r));
    }
  });

  it('a second server on a folder in use by a live server does not touch it', async () => {
    const dir = join(openTempDir(), 'pg');
    const first = startProcess(dir);
    expect(await first.line).toMatch(/^ready/);
    const pid = Number(readFileSync(join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    try {
      const second = startProcess(dir);
      expect(await second.line).toMatch(/^failed/);
      expect(() => process.kill(pid, 0)).not.toThrow();
    } finally {
      first.child.kill('SIGTERM');
      await new Promise((r) => first.child.once('exit', r));
    }
  });

  it('bug: SIGTERM closes the app (job queue included) before the embedded PostgreSQL stops: no error on the way out', async () => {
    const dir = join(openTempDir(), 'pg');
    const port = await freePort();
    // The embedded PostgreSQL gets a port of its own: left to pick a free one, it once took the very
    // port the HTTP server was about to listen on (EADDRINUSE).
    let pgPort = await freePort();
    while (pgPort === port) pgPort = await freePort();
    const child = spawn(process.execPath, [join(__dirname, '..', '..', 'dist', 'main.js')], {
      env: {
        ...process.env,
        DATABASE_URL: '',
        EMBEDDED_PG_DIR: dir,
        EMBEDDED_PG_PORT: String(pgPort),
        PORT: String(port),
        LOG_LEVEL: 'info',
        LOAD_SHIPPED_SETS: 'false',
        ORGANIZER_TOKEN: 'shutdown-test-organizer-token',
        BACKUP_INTERVAL_HOURS: '0',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let log = '';
    child.stdout!.on('data', (d: Buffer) => (log += d.toString()));
    const exited = new Promise<number | null>((ok) => child.once('exit', (code) => ok(code)));
    for (let i = 0; i < 300 && !log.includes('Podium is listening'); i++) await new Promise((r) => setTimeout(r, 100));
    expect(log).toContain('Podium is listening');
    await new Promise((r) => setTimeout(r, 1500)); // the job queue's workers are polling
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const errors = log.split('\n').filter((l) => /"level":(50|60)/.test(l));
    expect(errors).toEqual([]);
  });
});
