import { backupFileName, scheduledBackups } from './backup-files';

describe('backup file names', () => {
  const at = new Date('2026-12-04T19:30:05.123Z');
  it('name the UTC time without colons, sortable', () => {
    expect(backupFileName('manual', at)).toBe('podium-2026-12-04T19-30-05Z.tar.gz');
    expect(backupFileName('scheduled', at)).toBe('podium-auto-2026-12-04T19-30-05Z.tar.gz');
  });

  it('the schedule counts only its own files, with the time read back from the name', () => {
    const names = [backupFileName('scheduled', at), backupFileName('manual', at), 'notes.txt', 'podium-auto-garbage.tar.gz', '.podium-backup-x'];
    expect(scheduledBackups(names)).toEqual([{ name: 'podium-auto-2026-12-04T19-30-05Z.tar.gz', takenAt: new Date('2026-12-04T19:30:05Z') }]);
  });
});
