import { BACKUP_FORMAT, parseManifest } from './backup-manifest';

const valid = () => ({
  format: BACKUP_FORMAT,
  formatVersion: 1,
  podiumVersion: '0.1.0',
  createdAt: '2026-12-04T19:30:05.000Z',
  postgresVersion: '17.5',
  migrations: [{ name: '20261130050000_catalog', checksum: 'a'.repeat(64) }],
  tables: [{ name: 'event', file: 'tables/event.copy', columns: [{ name: 'id', type: 'uuid' }], rows: 2, bytes: 80, sha256: 'b'.repeat(64) }],
  sequences: [],
});

describe('a backup manifest is checked before anything is restored', () => {
  it('a valid manifest reads back', () => {
    expect(parseManifest(valid()).tables[0].name).toBe('event');
  });

  it('a file that is not a Podium backup is named as such', () => {
    expect(() => parseManifest({ hello: 1 })).toThrow(/not a Podium database backup/);
  });

  it('a newer format version asks for a newer Podium', () => {
    expect(() => parseManifest({ ...valid(), formatVersion: 2 })).toThrow(/format version 2 is newer/);
  });

  it('a bad field is named', () => {
    const bad = valid();
    bad.tables[0].rows = -1;
    expect(() => parseManifest(bad)).toThrow(/tables\.0\.rows/);
  });

  it('a table whose file is not its own is refused (no path tricks)', () => {
    const bad = valid();
    bad.tables[0].file = 'tables/card.copy';
    expect(() => parseManifest(bad)).toThrow(/points at tables\/card\.copy/);
  });
});
