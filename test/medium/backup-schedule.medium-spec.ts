import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { BACKUP_LOCK_KEY, BackupScheduler } from '../../src/backup/backup-scheduler';
import { BackupModule } from '../../src/backup/backup.module';
import { DATABASE_URL } from '../../src/common/database/database.module';
import { createTestModule, type TestModule } from '../utils/test-module';

const HOUR = 3_600_000;

/** The server's scheduled backups on a real database, time from the test's clock. */
describe('medium: scheduled backups', () => {
  let m: TestModule;
  let dir: string;
  let scheduler: BackupScheduler;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'podium-schedule-'));
    m = await createTestModule([BackupModule], { BACKUP_INTERVAL_HOURS: '24', BACKUP_KEEP: '2', BACKUP_DIR: dir, DATABASE_URL: 'postgresql://unused@127.0.0.1:1/x' });
    scheduler = m.get(BackupScheduler);
  });
  afterAll(async () => {
    await m.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const files = () => readdirSync(dir).sort();

  it('takes a backup when none was taken, then not again until the interval has passed (schedule is due an interval after the last)', async () => {
    const first = await scheduler.runIfDue();
    expect(first).toMatchObject({ status: 'written', file: join(dir, 'podium-auto-2026-11-30T18-00-00Z.tar.gz'), deleted: [] });
    expect(first.status === 'written' && first.rows).toBeGreaterThan(1000); // the shipped sets
    m.clock.advance(23 * HOUR);
    expect(await scheduler.runIfDue()).toMatchObject({ status: 'not-due' });
    m.clock.advance(HOUR);
    expect(await scheduler.runIfDue()).toMatchObject({ status: 'written', file: join(dir, 'podium-auto-2026-12-01T18-00-00Z.tar.gz') });
  });

  it('keeps the newest BACKUP_KEEP scheduled backups and never deletes one taken by hand', async () => {
    writeFileSync(join(dir, 'podium-2026-11-01T10-00-00Z.tar.gz'), 'a backup taken by hand');
    m.clock.advance(24 * HOUR);
    expect(await scheduler.runIfDue()).toMatchObject({ status: 'written', deleted: ['podium-auto-2026-11-30T18-00-00Z.tar.gz'] });
    expect(files()).toEqual(['podium-2026-11-01T10-00-00Z.tar.gz', 'podium-auto-2026-12-01T18-00-00Z.tar.gz', 'podium-auto-2026-12-02T18-00-00Z.tar.gz']);
  });

  it('at most one instance takes it: while another holds the backup lock, this one skips', async () => {
    const other = new Client({ connectionString: m.module.get<string>(DATABASE_URL) });
    await other.connect();
    try {
      await other.query('SELECT pg_advisory_lock($1)', [BACKUP_LOCK_KEY]);
      m.clock.advance(24 * HOUR);
      expect(await scheduler.runIfDue()).toEqual({ status: 'busy' });
      expect(files()).toHaveLength(3);
    } finally {
      await other.end();
    }
    expect(await scheduler.runIfDue()).toMatchObject({ status: 'written' });
  });

  it('warns when the backups are on the same disk as the embedded PostgreSQL’s data (none with DATABASE_URL)', () => {
    expect(scheduler.sameDiskWarning()).toBeNull();
  });
});
