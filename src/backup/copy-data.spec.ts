import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashCopyFile } from './copy-data';

describe('COPY data is counted one row a line and hashed', () => {
  it('escaped newlines inside a value are part of one row', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'podium-copy-'));
    try {
      const file = join(dir, 't.copy');
      writeFileSync(file, 'a\\nb\t1\n\\N\t2\n');
      expect(await hashCopyFile(file)).toEqual({ rows: 2, bytes: 12, sha256: '44f4a694be72af55699c85d4eb17e6b724cba008f84bdb8710f26e8bebc9b0d8' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
