import 'reflect-metadata';
import { plainToInstance, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsISO8601, IsObject, IsString, IsUUID, Matches, Min, ValidateNested, validateSync, type ValidationError } from 'class-validator';
import { DomainError, type ErrorDetail } from '../../common/errors/domain-error';
import { ARCHIVE_FORMAT, ARCHIVE_FORMAT_VERSION, type EventArchive, type TableRows } from '../event-archive.types';
import type { EventGraph } from './event-graph';

/** Migrations an archive may name: far more than a schema will ever have (one a release or so). */
export const MAX_MIGRATIONS = 10_000;

class ArchivedEvent {
  @IsUUID() id!: string;
  @IsString() code!: string;
  @IsString() name!: string;
  @IsString() state!: string;
}

class ArchiveShape {
  @IsIn([ARCHIVE_FORMAT]) format!: string;
  @IsInt() @Min(1) formatVersion!: number;
  @IsString() podiumVersion!: string;
  @IsISO8601() createdAt!: string;
  @IsArray() @ArrayMaxSize(MAX_MIGRATIONS) @IsString({ each: true }) @Matches(/^[\w-]{1,255}$/, { each: true }) migrations!: string[];
  @ValidateNested() @Type(() => ArchivedEvent) event!: ArchivedEvent;
  @IsObject() tables!: Record<string, unknown>;
  @IsObject() references!: Record<string, unknown>;
  @IsObject() catalog!: Record<string, unknown>;
}

const invalid = (message: string, details: ErrorDetail[]) => new DomainError('ARCHIVE_INVALID', message, details.slice(0, 20));

function flatten(errors: ValidationError[], path = ''): ErrorDetail[] {
  return errors.flatMap((e) => {
    const field = path ? `${path}.${e.property}` : e.property;
    return [...Object.entries(e.constraints ?? {}).map(([rule, message]) => ({ field, rule, message })), ...flatten(e.children ?? [], field)];
  });
}

function checkTableRows(value: unknown, field: string, problems: ErrorDetail[]): void {
  const t = value as Partial<TableRows> | null;
  if (typeof t !== 'object' || t === null || !Array.isArray(t.columns) || !Array.isArray(t.rows)) {
    problems.push({ field, rule: 'tableRows', message: `${field} must be { columns: string[], rows: unknown[][] }` });
    return;
  }
  if (!t.columns.every((c) => typeof c === 'string') || new Set(t.columns).size !== t.columns.length) {
    problems.push({ field: `${field}.columns`, rule: 'columns', message: 'columns must be distinct names' });
    return;
  }
  const bad = t.rows.findIndex((r) => !Array.isArray(r) || r.length !== t.columns!.length);
  if (bad !== -1) problems.push({ field: `${field}.rows[${bad}]`, rule: 'rowLength', message: `each row has one value per column (${t.columns.length})` });
}

/**
 * Rule: an event archive is read only when it is one, whole: the format and a version this server
 * reads, the event named, every section a map of tables whose rows have one value per column.
 * @throws DomainError ARCHIVE_INVALID naming the field (at most 20 details)
 */
export function parseArchive(body: unknown): EventArchive {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || (body as { format?: unknown }).format !== ARCHIVE_FORMAT) {
    throw invalid(`Not a Podium event archive (expected "format": "${ARCHIVE_FORMAT}")`, [{ field: 'format', rule: 'format', message: `must be "${ARCHIVE_FORMAT}"` }]);
  }
  const version = (body as { formatVersion?: unknown }).formatVersion;
  if (typeof version === 'number' && version > ARCHIVE_FORMAT_VERSION) {
    throw new DomainError('ARCHIVE_SCHEMA_NEWER', `The archive's format version ${version} is newer than this server reads (${ARCHIVE_FORMAT_VERSION}): upgrade Podium`, [
      { field: 'formatVersion', rule: 'max', message: `at most ${ARCHIVE_FORMAT_VERSION}` },
    ]);
  }
  const shape = plainToInstance(ArchiveShape, body);
  const problems = flatten(validateSync(shape));
  if (problems.length === 0) {
    for (const section of ['tables', 'references', 'catalog'] as const) {
      for (const [name, value] of Object.entries(shape[section])) checkTableRows(value, `${section}.${name}`, problems);
    }
  }
  if (problems.length > 0) throw invalid(`The event archive is not well-formed (${problems.length} problem(s))`, problems);
  return body as EventArchive;
}

/** This server's side of an import: the graph from its schema, its tables' columns and its applied migrations. */
export interface ArchiveTarget {
  graph: EventGraph;
  columns: Map<string, { name: string }[]>;
  migrations: readonly string[];
  catalogTables: readonly string[];
}

/**
 * Rule: an archive imports only into a schema that has everything it holds. A migration of the
 * archive this server has not applied means a newer Podium wrote it (ARCHIVE_SCHEMA_NEWER; an
 * older archive is fine: columns it lacks take their defaults). Every table must be one of the
 * event's own (tables), one its rows point at (references) or the catalog's; every column must
 * exist here; the event table holds exactly the archive's event.
 * @throws DomainError ARCHIVE_SCHEMA_NEWER (details name the migrations), ARCHIVE_INVALID (the table or column)
 */
export function checkArchiveFits(archive: EventArchive, target: ArchiveTarget): void {
  const applied = new Set(target.migrations);
  const unknown = archive.migrations.filter((m) => !applied.has(m));
  if (unknown.length > 0) {
    throw new DomainError(
      'ARCHIVE_SCHEMA_NEWER',
      `The archive comes from a newer Podium (${archive.podiumVersion}): this server lacks its migrations ${unknown.join(', ')}. Upgrade Podium, then import.`,
      unknown.slice(0, 20).map((m) => ({ field: 'migrations', rule: 'knownMigration', message: `unknown migration ${m}` })),
    );
  }
  const problems: ErrorDetail[] = [];
  const sections: [keyof Pick<EventArchive, 'tables' | 'references' | 'catalog'>, readonly string[]][] = [
    ['tables', target.graph.owned],
    ['references', target.graph.referenced],
    ['catalog', target.catalogTables],
  ];
  for (const [section, allowed] of sections) {
    for (const [name, rows] of Object.entries(archive[section])) {
      if (!allowed.includes(name)) {
        problems.push({ field: `${section}.${name}`, rule: 'knownTable', message: `${name} is not a table of this section here` });
        continue;
      }
      const here = new Set((target.columns.get(name) ?? []).map((c) => c.name));
      for (const column of rows.columns)
        if (!here.has(column)) problems.push({ field: `${section}.${name}.columns`, rule: 'knownColumn', message: `${name} has no column ${column} here` });
    }
  }
  const root = archive.tables[target.graph.root];
  const idAt = root?.columns.indexOf('id') ?? -1;
  if (!root || root.rows.length !== 1 || idAt === -1 || root.rows[0][idAt] !== archive.event.id) {
    problems.push({ field: `tables.${target.graph.root}`, rule: 'oneEvent', message: `must hold exactly the event ${archive.event.id}` });
  }
  if (problems.length > 0) throw invalid(`The event archive does not fit this server's schema (${problems.length} problem(s))`, problems);
}

/**
 * The archive as this server's store takes it in: the event belongs to the importing store
 * (`event.store_id` set, added when an archive from before stores lacks it) and the source
 * server's store row is not imported (stores are not an event's data).
 */
export function intoStore(archive: EventArchive, storeId: string): EventArchive {
  const event = archive.tables.event;
  const at = event.columns.indexOf('store_id');
  const columns = at === -1 ? [...event.columns, 'store_id'] : event.columns;
  const rows = event.rows.map((row) => (at === -1 ? [...row, storeId] : row.map((value, i) => (i === at ? storeId : value))));
  const references = Object.fromEntries(Object.entries(archive.references).filter(([table]) => table !== 'store'));
  return { ...archive, tables: { ...archive.tables, event: { columns, rows } }, references };
}
