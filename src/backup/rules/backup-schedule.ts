/** A backup file of a folder: its name and when it was taken. */
export interface BackupFile {
  name: string;
  takenAt: Date;
}

/**
 * Rule: a scheduled backup is due when the last one finished `intervalHours` or more ago, or none
 * was ever taken. Counted from the last backup, not from the server's start, so a server that
 * runs only on event nights still gets its backup every night it runs.
 * @param intervalHours 0 = scheduled backups are off (never due).
 */
export function backupDue(lastTakenAt: Date | null, intervalHours: number, now: Date): boolean {
  if (intervalHours <= 0) return false;
  if (!lastTakenAt) return true;
  return now.getTime() - lastTakenAt.getTime() >= intervalHours * 3_600_000;
}

/**
 * Rule: the scheduled backups kept are the newest `keep`; the older ones are deleted. Only files
 * of the schedule are given here: a backup taken by hand is never deleted by the schedule.
 * @returns the names to delete, oldest first.
 */
export function backupsToDelete(files: readonly BackupFile[], keep: number): string[] {
  const newestFirst = [...files].sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime() || b.name.localeCompare(a.name));
  return newestFirst
    .slice(Math.max(keep, 1))
    .reverse()
    .map((f) => f.name);
}
