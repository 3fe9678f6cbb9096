import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../common/database/database-target';
import type { BackupFile } from './rules/backup-schedule';

/** Backups taken by hand (`npm run backup`) and by the schedule; only the schedule's are ever deleted by it. */
export type BackupKind = 'manual' | 'scheduled';

const PREFIX: Record<BackupKind, string> = { manual: 'podium-', scheduled: 'podium-auto-' };

/** "2026-12-04T19:30:05.123Z" → "2026-12-04T19-30-05Z": sortable, and legal on every file system. */
function stamp(at: Date): string {
  return at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-');
}

/** The file name of a backup taken at `at`: `podium-<UTC time>.tar.gz`, or `podium-auto-…` for the schedule's. */
export function backupFileName(kind: BackupKind, at: Date): string {
  return `${PREFIX[kind]}${stamp(at)}.tar.gz`;
}

/**
 * The schedule's backups among the names of a folder, with the time in their name (other files,
 * and backups taken by hand, are not the schedule's to count or delete).
 */
export function scheduledBackups(names: readonly string[]): BackupFile[] {
  const files: BackupFile[] = [];
  for (const name of names) {
    const match = /^podium-auto-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.tar\.gz$/.exec(name);
    if (!match) continue;
    const takenAt = new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}Z`);
    if (!Number.isNaN(takenAt.getTime())) files.push({ name, takenAt });
  }
  return files;
}

/** This Podium's version (package.json), written into every backup and event archive. */
export function podiumVersion(): string {
  return (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}
