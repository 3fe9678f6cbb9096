import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { Clock } from '../common/clock/clock';
import { AppConfig, backupIntervalHours } from '../common/config/app-config';
import { DATABASE_DIRECT_URL } from '../common/database/database.module';
import { PROJECT_ROOT } from '../common/database/database-target';
import { embeddedDataDir } from '../common/database/embedded-postgres';
import { backupFileName, podiumVersion, scheduledBackups } from './backup-files';
import { dumpDatabase } from './database-dump';
import { backupDue, backupsToDelete } from './rules/backup-schedule';

/** The first look comes a while after start-up (the shipped sets load, the organizer's first steps), then every few minutes. */
const FIRST_CHECK_MS = 2 * 60_000;
const CHECK_EVERY_MS = 5 * 60_000;
/** Session advisory lock taken by the instance that takes a scheduled backup ("podb"). */
export const BACKUP_LOCK_KEY = 0x706f6462;

/**
 * The warning when `backupDir` is on the same device as `dataDir` (same st_dev: one disk failure
 * takes both); null when they are apart or either folder does not exist yet.
 */
export function sameDiskWarning(dataDir: string, backupDir: string): string | null {
  if (!existsSync(dataDir) || !existsSync(backupDir)) return null;
  if (statSync(dataDir).dev !== statSync(backupDir).dev) return null;
  return `BACKUP_DIR ${backupDir} is on the same disk as the database (${dataDir}): a disk failure would take both. Point BACKUP_DIR at another disk (a USB drive, a network share).`;
}

/** What one look at the schedule did. */
export type ScheduledBackupOutcome =
  | { status: 'off' }
  | { status: 'not-due'; lastTakenAt: Date }
  | { status: 'busy' }
  | { status: 'written'; file: string; tables: number; rows: number; bytes: number; deleted: string[] }
  | { status: 'failed'; error: string };

/**
 * Scheduled backups of the whole database (BACKUP_INTERVAL_HOURS, BACKUP_KEEP, BACKUP_DIR): every
 * few minutes the server looks whether the last scheduled backup in BACKUP_DIR is an interval old
 * (time from the Clock) and, if so, takes one as `npm run backup` does, then deletes the
 * schedule's oldest beyond BACKUP_KEEP. Of several instances at most one takes it at a time: it
 * holds a PostgreSQL session advisory lock (over DATABASE_DIRECT_URL, as is the dump), and looks at the folder again once it has it. At start it warns
 * when BACKUP_DIR is on the same disk as the embedded PostgreSQL's data, where a disk failure takes
 * both.
 */
@Injectable()
export class BackupScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(BackupScheduler.name);
  private readonly intervalHours: number;
  private readonly dir: string;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<ScheduledBackupOutcome> | null = null;

  constructor(
    private readonly config: AppConfig,
    private readonly clock: Clock,
    @Inject(DATABASE_DIRECT_URL) private readonly url: string,
  ) {
    this.intervalHours = backupIntervalHours(config);
    this.dir = resolve(PROJECT_ROOT, config.BACKUP_DIR);
  }

  onApplicationBootstrap(): void {
    if (this.intervalHours === 0) return;
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const warning = this.sameDiskWarning();
    if (warning) this.logger.warn(warning);
    this.logger.log(`scheduled backups every ${this.intervalHours} h into ${this.dir}, the newest ${this.config.BACKUP_KEEP} kept`);
    const tick = () => {
      void this.runIfDue();
      this.timer = setTimeout(tick, CHECK_EVERY_MS);
      this.timer.unref();
    };
    this.timer = setTimeout(tick, FIRST_CHECK_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running; // a backup in progress finishes before the database goes away
  }

  /**
   * The start-up warning when BACKUP_DIR and the embedded PostgreSQL's data folder are on one
   * device (same st_dev); null when they are not, or the data is not this machine's (DATABASE_URL).
   */
  sameDiskWarning(): string | null {
    if (this.config.DATABASE_URL) return null;
    return sameDiskWarning(embeddedDataDir(resolve(PROJECT_ROOT, this.config.EMBEDDED_PG_DIR)), this.dir);
  }

  /** Looks at the schedule once and takes the backup when due (one look at a time in this process). */
  runIfDue(): Promise<ScheduledBackupOutcome> {
    this.running ??= this.look().finally(() => (this.running = null));
    return this.running;
  }

  private async look(): Promise<ScheduledBackupOutcome> {
    if (this.intervalHours === 0) return { status: 'off' };
    const notDue = this.notDue();
    if (notDue) return notDue;
    const lock = new Client({ connectionString: this.url, application_name: 'podium-backup-schedule' });
    lock.on('error', () => undefined);
    try {
      await lock.connect();
      const { rows } = await lock.query<{ got: boolean }>('SELECT pg_try_advisory_lock($1) AS got', [BACKUP_LOCK_KEY]);
      if (!rows[0].got) return { status: 'busy' };
      // Another instance may have written one while we waited for the lock.
      const since = this.notDue();
      if (since) return since;
      const now = this.clock.now();
      mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      const summary = await dumpDatabase({ url: this.url, file: join(this.dir, backupFileName('scheduled', now)), now, podiumVersion: podiumVersion() });
      const deleted = backupsToDelete(scheduledBackups(readdirSync(this.dir)), this.config.BACKUP_KEEP);
      for (const name of deleted) rmSync(join(this.dir, name), { force: true });
      this.logger.log(
        `scheduled backup written: ${summary.file} (${summary.tables} tables, ${summary.rows} rows, ${summary.bytes} bytes)${deleted.length ? `; deleted the oldest: ${deleted.join(', ')}` : ''}`,
      );
      return { status: 'written', file: summary.file, tables: summary.tables, rows: summary.rows, bytes: summary.bytes, deleted };
    } catch (error) {
      this.logger.error(`scheduled backup failed (next try in ${CHECK_EVERY_MS / 60_000} minutes): ${(error as Error).message}`);
      return { status: 'failed', error: (error as Error).message };
    } finally {
      await lock.end().catch(() => undefined); // ending the session releases the lock
    }
  }

  private notDue(): ScheduledBackupOutcome | null {
    const files = existsSync(this.dir) ? scheduledBackups(readdirSync(this.dir)) : [];
    const last = files.reduce<Date | null>((max, f) => (max && max >= f.takenAt ? max : f.takenAt), null);
    return last && !backupDue(last, this.intervalHours, this.clock.now()) ? { status: 'not-due', lastTakenAt: last } : null;
  }
}
