import { backupDue, backupsToDelete } from './backup-schedule';

const at = (iso: string) => new Date(iso);

describe('a scheduled backup is due when the last one is an interval old, or there is none', () => {
  const now = at('2026-12-04T20:00:00Z');
  it('none taken yet: due', () => expect(backupDue(null, 24, now)).toBe(true));
  it('the last one 23 hours ago: not due', () => expect(backupDue(at('2026-12-03T21:00:00Z'), 24, now)).toBe(false));
  it('the last one exactly 24 hours ago: due', () => expect(backupDue(at('2026-12-03T20:00:00Z'), 24, now)).toBe(true));
  it('interval 0 turns the schedule off', () => expect(backupDue(null, 0, now)).toBe(false));
});

describe('the schedule keeps its newest backups and deletes the older ones', () => {
  const files = ['2026-12-01', '2026-12-03', '2026-12-02', '2026-12-04'].map((d) => ({ name: `podium-auto-${d}.tar.gz`, takenAt: at(`${d}T03:00:00Z`) }));
  it('keep 2: the two oldest go, oldest first', () => {
    expect(backupsToDelete(files, 2)).toEqual(['podium-auto-2026-12-01.tar.gz', 'podium-auto-2026-12-02.tar.gz']);
  });
  it('fewer files than kept: nothing goes', () => expect(backupsToDelete(files, 10)).toEqual([]));
  it('the newest backup is never deleted, whatever keep says', () => expect(backupsToDelete(files, 0)).toHaveLength(3));
});
