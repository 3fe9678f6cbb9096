import { ARCHIVE_FORMAT } from '../event-archive.types';
import { checkArchiveFits, parseArchive } from './archive-checks';
import { eventGraph } from './event-graph';

const EVENT_ID = '5dc404d1-e933-4598-9a10-1c5fcf31fda7';
const archive = () => ({
  format: ARCHIVE_FORMAT,
  formatVersion: 1,
  podiumVersion: '0.1.0',
  createdAt: '2026-12-04T20:00:00.000Z',
  migrations: ['1_a'],
  event: { id: EVENT_ID, code: 'ABC234', name: 'Friday', state: 'playing' },
  tables: { event: { columns: ['id', 'name'], rows: [[EVENT_ID, 'Friday']] }, pod: { columns: ['id', 'event_id'], rows: [] } },
  references: {},
  catalog: {},
});
const target = {
  graph: eventGraph('event', [{ table: 'pod', columns: ['event_id'], references: 'event', referencedColumns: ['id'] }]),
  columns: new Map([
    ['event', [{ name: 'id' }, { name: 'name' }]],
    ['pod', [{ name: 'id' }, { name: 'event_id' }]],
  ]),
  migrations: ['1_a', '2_b'],
  catalogTables: ['card_set', 'set_version', 'card'],
};

describe('an event archive is read only when it is one, whole', () => {
  it('a well-formed archive reads', () => expect(parseArchive(archive()).event.id).toBe(EVENT_ID));
  it('anything else is ARCHIVE_INVALID naming the format', () => expect(() => parseArchive([])).toThrow(expect.objectContaining({ code: 'ARCHIVE_INVALID' })));
  it('a newer format version is ARCHIVE_SCHEMA_NEWER', () =>
    expect(() => parseArchive({ ...archive(), formatVersion: 9 })).toThrow(expect.objectContaining({ code: 'ARCHIVE_SCHEMA_NEWER' })));
  it('a bad field is named', () => {
    expect(() => parseArchive({ ...archive(), event: { ...archive().event, id: 'nope' } })).toThrow(
      expect.objectContaining({ details: [expect.objectContaining({ field: 'event.id' })] }),
    );
  });
});

describe('an archive imports only into a schema that has everything it holds', () => {
  it('an archive of an older schema fits (its missing columns take their defaults)', () => expect(() => checkArchiveFits(parseArchive(archive()), target)).not.toThrow());
  it('a migration the server lacks: ARCHIVE_SCHEMA_NEWER', () => {
    expect(() => checkArchiveFits(parseArchive({ ...archive(), migrations: ['1_a', '3_c'] }), target)).toThrow(expect.objectContaining({ code: 'ARCHIVE_SCHEMA_NEWER' }));
  });
  it('a table in the wrong section, a column unknown here, another event’s row: each named', () => {
    const bad = archive();
    (bad.references as Record<string, unknown>).pod = { columns: [], rows: [] };
    bad.tables.pod.columns.push('extra');
    bad.tables.pod.rows = [];
    bad.tables.event.rows[0][0] = 'other';
    expect(() => checkArchiveFits(parseArchive(bad), target)).toThrow(
      expect.objectContaining({
        code: 'ARCHIVE_INVALID',
        details: [
          expect.objectContaining({ field: 'tables.pod.columns', rule: 'knownColumn' }),
          expect.objectContaining({ field: 'references.pod', rule: 'knownTable' }),
          expect.objectContaining({ field: 'tables.event', rule: 'oneEvent' }),
        ],
      }),
    );
  });
});
