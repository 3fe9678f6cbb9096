import { Injectable, Logger } from '@nestjs/common';
import { podiumVersion } from '../backup/backup-files';
import { Clock } from '../common/clock/clock';
import { DomainError } from '../common/errors/domain-error';
import { LiveNotifier } from '../common/notify/live-notifier';
import { CATALOG_TABLES } from './archive-scope';
import type { ImportedEventDto } from './dto/event-archive.dto';
import { ArchiveRowsElsewhere, CatalogIncomplete, EventArchiveRepository } from './event-archive.repository';
import { ARCHIVE_FORMAT, ARCHIVE_FORMAT_VERSION, type EventArchive } from './event-archive.types';
import { checkArchiveFits, intoStore, parseArchive } from './rules/archive-checks';
import { eventGraph, type EventGraph } from './rules/event-graph';
import type { SchemaFacts } from './schema-facts';

/** The table every event archive is rooted at. */
const ROOT = 'event';

/**
 * One event as one file, and back: export everything of the event (its own tables found from the
 * foreign keys, the profiles and leagues they point at, its pinned set versions), import it into
 * this or another server — all or nothing, replacing that event only.
 */
@Injectable()
export class EventArchiveService {
  private readonly logger = new Logger(EventArchiveService.name);

  constructor(
    private readonly repository: EventArchiveRepository,
    private readonly clock: Clock,
    private readonly live: LiveNotifier,
  ) {}

  /** The graph of this server's schema, read now (a migration may have added a table since the last call). */
  private async schema(): Promise<{ facts: SchemaFacts; graph: EventGraph }> {
    const facts = await this.repository.schemaFacts();
    return { facts, graph: eventGraph(ROOT, facts.foreignKeys) };
  }

  /**
   * The event's archive, read in one snapshot.
   * @throws DomainError EVENT_NOT_FOUND
   */
  async export(eventId: string): Promise<EventArchive> {
    const { facts, graph } = await this.schema();
    const rows = await this.repository.read(eventId, graph, facts, CATALOG_TABLES);
    if (!rows) throw new DomainError('EVENT_NOT_FOUND', `No event ${eventId}`, [{ field: 'id', rule: 'exists', message: 'unknown event' }]);
    const event = rows.tables[ROOT];
    const value = (column: string) => String(event.rows[0][event.columns.indexOf(column)]);
    return {
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      podiumVersion: podiumVersion(),
      createdAt: this.clock.now().toISOString(),
      migrations: facts.migrations,
      event: { id: value('id'), code: value('code'), name: value('name'), state: value('state') },
      ...rows,
    };
  }

  /**
   * Imports an archive in one transaction; other events are untouched. Every instance then
   * forgets what it held of the event.
   * @param replace replace the event when this server has it.
   * @param storeId the importing staff's store: the event becomes its.
   * @param by who imports (named in the server log when the import replaces an event: the event's
   *   own audit trail is replaced with the archive's, so the log is where a replacement is recorded).
   * @throws DomainError ARCHIVE_INVALID (not an archive, a table or column unknown here, rows that do
   *   not fit the schema or belong to another event), ARCHIVE_SCHEMA_NEWER (a migration this server
   *   lacks), ARCHIVE_CONFLICT (the event exists without `replace`; its code, a token or another
   *   unique value is taken here)
   */
  async import(body: unknown, replace: boolean, storeId: string, by = 'system'): Promise<ImportedEventDto> {
    const archive = intoStore(parseArchive(body), storeId);
    const { facts, graph } = await this.schema();
    checkArchiveFits(archive, { graph, columns: facts.columns, migrations: facts.migrations, catalogTables: CATALOG_TABLES });
    let counts;
    try {
      counts = await this.repository.write({ eventId: archive.event.id, tables: archive.tables, references: archive.references, catalog: archive.catalog }, graph, facts, {
        replace,
        now: this.clock.now(),
      });
    } catch (error) {
      throw refusalOf(error);
    }
    if (!counts) {
      throw new DomainError('ARCHIVE_CONFLICT', `Event ${archive.event.id} exists on this server: import with ?replace=true to replace it`, [
        { field: 'event.id', rule: 'newEvent', message: 'the event exists; ?replace=true replaces it' },
      ]);
    }
    if (counts.replaced) this.logger.log(`event ${archive.event.id} replaced from an archive by ${by}: its rows and audit trail are the archive's now`);
    await this.live.eventReplaced(archive.event.id);
    await this.live.eventChanged(archive.event.id);
    return { ...archive.event, ...counts };
  }
}

/** PostgreSQL's refusal of an archived row as the API's error; anything else is passed on (a 500 or 503). */
function refusalOf(error: unknown): unknown {
  if (error instanceof ArchiveRowsElsewhere) {
    return new DomainError('ARCHIVE_INVALID', `The archive holds rows that are not its event's: ${error.message}`, [
      { field: `tables.${error.table}`, rule: 'sameEvent', message: error.message },
    ]);
  }
  if (error instanceof CatalogIncomplete)
    return new DomainError('ARCHIVE_INVALID', `The archive's catalog is incomplete: ${error.message}`, [{ field: 'catalog', rule: 'complete', message: error.message }]);
  const pg = error as { code?: string; table?: string; constraint?: string; message?: string };
  if (typeof pg.code !== 'string') return error;
  const field = pg.table ? `tables.${pg.table}` : 'tables';
  if (pg.code === '23505') {
    return new DomainError('ARCHIVE_CONFLICT', `A value of the archive is taken on this server (${pg.constraint ?? 'a unique key'}): ${pg.message}`, [
      { field, rule: 'unique', message: `${pg.constraint ?? 'unique key'}: ${pg.message}` },
    ]);
  }
  // Integrity (23…) and data (22…) errors: a row that does not fit the schema or points nowhere.
  if (pg.code.startsWith('23') || pg.code.startsWith('22')) {
    return new DomainError('ARCHIVE_INVALID', `A row of the archive does not fit this server's schema: ${pg.message}`, [
      { field, rule: pg.constraint ?? `sqlstate${pg.code}`, message: pg.message ?? '' },
    ]);
  }
  return error;
}
