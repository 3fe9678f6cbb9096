import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sameDiskWarning } from './backup-scheduler';

describe('backups on the same disk as the data are warned about at start', () => {
  it('two folders of one disk: a warning naming both', () => {
    const root = mkdtempSync(join(tmpdir(), 'podium-disk-'));
    try {
      mkdirSync(join(root, 'pg'));
      mkdirSync(join(root, 'backups'));
      expect(sameDiskWarning(join(root, 'pg'), join(root, 'backups'))).toMatch(/backups is on the same disk as the database \(.*pg\)/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('another device (here /proc): no warning', () => {
    expect(sameDiskWarning(tmpdir(), '/proc')).toBeNull();
  });
});
