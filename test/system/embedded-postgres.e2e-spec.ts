import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

describe('embedded PostgreSQL (real processes)', () => {
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
