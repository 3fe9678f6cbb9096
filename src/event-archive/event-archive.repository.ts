import { Injectable } from '@nestjs/common';
import { escapeIdentifier, type PoolClient } from 'pg';
import { PgPool } from '../common/database/pg-pool';
import type { TableRows } from './event-archive.types';
import type { EventGraph } from './rules/event-graph';
import { readSchemaFacts, RowSelector, type SchemaFacts } from './schema-facts';

type Row = Record<string, unknown>;

/** The rows of one event as read in one snapshot. */
export interface EventRows {
  tables: Record<string, TableRows>;
  references: Record<string, TableRows>;
  catalog: Record<string, TableRows>;
}

/** What the import found on this server for one archived row outside the event. */
export interface ImportCounts {
  /** The event was on this server and its rows were replaced. */
  replaced: boolean;
  /** Rows of the event's own tables written, by table. */
  rows: Record<string, number>;
  /** Rows outside the event (profiles, leagues, set versions) created on this server, by table. */
  created: Record<string, number>;
  /** Rows outside the event that this server already had (matched by id or a unique key), by table. */
  matched: Record<string, number>;
  /** Draft pods imported paused (a running pick timer would otherwise fire at once). */
  pausedPods: number;
}

const toRows = (columns: string[], objects: Row[]): TableRows => ({ columns, rows: objects.map((o) => columns.map((c) => o[c] ?? null)) });
const toObjects = (t: TableRows): Row[] => t.rows.map((r) => Object.fromEntries(t.columns.map((c, i) => [c, r[i]])));
const ident = escapeIdentifier;

/**
 * Every statement of the event archive: the schema facts, the snapshot of one event's rows, and the
 * import in one transaction. Rows travel as PostgreSQL's own JSON of them (to_jsonb out,
 * jsonb_populate_recordset in), so every column type goes through PostgreSQL's own conversions.
 */
@Injectable()
export class EventArchiveRepository {
  constructor(private readonly pg: PgPool) {}

  async schemaFacts(): Promise<SchemaFacts> {
    const client = await this.pg.pool.connect();
    try {
      return await readSchemaFacts(client);
    } finally {
      client.release();
    }
  }

  /** The event's rows, those they point at and its pinned set versions, in one REPEATABLE READ snapshot; null when there is no such event. */
  async read(eventId: string, graph: EventGraph, facts: SchemaFacts, catalogTables: readonly string[]): Promise<EventRows | null> {
    return this.pg.transaction(async (c) => {
      const { rowCount } = await c.query(`SELECT 1 FROM ${ident(graph.root)} WHERE id = $1`, [eventId]);
      if (!rowCount) return null;
      const select = new RowSelector(graph);
      const read = async (table: string, where: string, params: unknown[]) => {
        const { rows } = await c.query<{ r: Row }>(`SELECT to_jsonb(t) AS r FROM ${ident(table)} t WHERE ${where}`, params);
        return toRows(
          facts.columns.get(table)!.map((col) => col.name),
          rows.map((x) => x.r),
        );
      };
      const tables: Record<string, TableRows> = {};
      for (const t of graph.owned) tables[t] = await read(t, select.where(t), [eventId]);
      const references: Record<string, TableRows> = {};
      for (const t of graph.referenced) references[t] = await read(t, select.where(t), [eventId]);
      const versions = await pinnedVersions(c, eventId);
      const [sets, setVersions, cards] = catalogTables;
      const catalog: Record<string, TableRows> = {
        [sets]: await read(sets, `id IN (SELECT set_id FROM set_version WHERE id = ANY($1::uuid[]))`, [versions]),
        [setVersions]: await read(setVersions, `id = ANY($1::uuid[])`, [versions]),
        [cards]: await read(cards, `version_id = ANY($1::uuid[])`, [versions]),
      };
      return { tables, references, catalog };
    }, 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  }

  /**
   * Writes an archived event in one transaction: with `replace`, the event's current rows go first
   * (children first); the catalog's set versions and the referenced rows are matched on this server
   * or created; the event's rows are inserted parents first with those ids rewritten; pods of a
   * draft with pick timers come back paused; each owned table's rows of the event are counted
   * against the archive (a row of another event in the file fails the count).
   * @returns null when the event exists and `replace` is not set (nothing written).
   * @throws pg errors (constraint violations…) — the transaction is rolled back; the service maps them.
   */
  async write(archive: { eventId: string } & EventRows, graph: EventGraph, facts: SchemaFacts, options: { replace: boolean; now: Date }): Promise<ImportCounts | null> {
    return this.pg.transaction(async (c) => {
      const select = new RowSelector(graph);
      const exists = (await c.query(`SELECT 1 FROM ${ident(graph.root)} WHERE id = $1 FOR UPDATE`, [archive.eventId])).rowCount! > 0;
      if (exists && !options.replace) return null;
      const oldSeqs = new Map<string, number>();
      if (exists) {
        for (const r of (await c.query<{ id: string; seq: number }>('SELECT id, seq FROM pod WHERE event_id = $1', [archive.eventId])).rows) oldSeqs.set(r.id, r.seq);
        for (const t of [...graph.owned].reverse()) await c.query(`DELETE FROM ${ident(t)} WHERE ${select.where(t)}`, [archive.eventId]);
      }
      const counts: ImportCounts = { replaced: exists, rows: {}, created: {}, matched: {}, pausedPods: 0 };
      const versionIds = await importCatalog(c, archive.catalog, counts);
      const remaps = new Map<string, Map<string, string>>(); // referenced table → archived id → id here
      for (const t of graph.referenced) {
        const rows = toObjects(archive.references[t] ?? { columns: [], rows: [] });
        remaps.set(t, await matchOrCreate(c, t, rows, facts, remaps, counts));
      }
      for (const t of graph.owned) {
        const rows = toObjects(archive.tables[t] ?? { columns: [], rows: [] });
        for (const row of rows) {
          // Owned rows keep their ids; only what they point at outside the event is rewritten.
          for (const k of facts.foreignKeys.filter((f) => f.table === t && remaps.has(f.references) && f.columns.length === 1)) {
            const value = row[k.columns[0]];
            if (typeof value === 'string') row[k.columns[0]] = remaps.get(k.references)!.get(value) ?? value;
          }
          if (t === 'pack' && typeof row.version_id === 'string') row.version_id = versionIds.get(row.version_id) ?? row.version_id;
          if (t === graph.root && Array.isArray(row.packs)) {
            row.packs = (row.packs as Row[]).map((p) => (typeof p.versionId === 'string' ? { ...p, versionId: versionIds.get(p.versionId) ?? p.versionId } : p));
          }
          if (t === 'pod' && oldSeqs.has(row.id as string)) {
            // Above any seq an instance may hold for the old pod: its next commit finds the pod changed and reloads.
            row.seq = Number(row.seq) + oldSeqs.get(row.id as string)! + 1;
          }
        }
        await insertRows(c, t, archive.tables[t]?.columns ?? [], rows);
        counts.rows[t] = rows.length;
      }
      counts.pausedPods = (
        await c.query(
          `UPDATE pod SET paused_at = $2, next_deadline = NULL, seq = seq + 1
            WHERE event_id = $1 AND paused_at IS NULL AND completed_at IS NULL
              AND EXISTS (SELECT 1 FROM event e WHERE e.id = $1 AND e.state = 'drafting' AND e.pick_time_seconds > 0)`,
          [archive.eventId, options.now],
        )
      ).rowCount!;
      for (const t of graph.owned) {
        const { rows } = await c.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${ident(t)} WHERE ${select.where(t)}`, [archive.eventId]);
        if (rows[0].n !== counts.rows[t]) throw new ArchiveRowsElsewhere(t, counts.rows[t], rows[0].n);
      }
      return counts;
    });
  }
}

/** Rows of an owned table in the file that do not belong to its event (found by counting after the insert). */
export class ArchiveRowsElsewhere extends Error {
  constructor(
    readonly table: string,
    readonly archived: number,
    readonly belonging: number,
  ) {
    super(`${table}: ${archived} rows in the archive, ${belonging} of them belong to its event`);
  }
}

async function insertRows(c: PoolClient, table: string, columns: string[], rows: Row[]): Promise<void> {
  if (rows.length === 0) return;
  const list = columns.map(ident).join(', ');
  // In slices: one statement's parameter stays a few MB at most.
  for (let i = 0; i < rows.length; i += 2000) {
    await c.query(`INSERT INTO ${ident(table)} (${list}) SELECT ${list} FROM jsonb_populate_recordset(NULL::${ident(table)}, $1::jsonb)`, [
      JSON.stringify(rows.slice(i, i + 2000)),
    ]);
  }
}

/** Set versions the event pins (its pack sequence) or its packs were drawn from. */
async function pinnedVersions(c: PoolClient, eventId: string): Promise<string[]> {
  const { rows } = await c.query<{ id: string }>(
    `SELECT DISTINCT p->>'versionId' AS id FROM event e, jsonb_array_elements(e.packs) p WHERE e.id = $1 AND p ? 'versionId'
     UNION SELECT DISTINCT version_id::text FROM pack WHERE event_id = $1`,
    [eventId],
  );
  return rows.map((r) => r.id);
}

/**
 * The archive's set versions on this server: the same set (game and code) with the same data
 * version is the same content, whatever its id here; a version this server lacks is created with
 * its cards (a set it lacks too, with that version as its current one).
 * @returns archived version id → version id here.
 */
async function importCatalog(c: PoolClient, catalog: Record<string, TableRows>, counts: ImportCounts): Promise<Map<string, string>> {
  const sets = toObjects(catalog.card_set ?? { columns: [], rows: [] });
  const versions = toObjects(catalog.set_version ?? { columns: [], rows: [] });
  const cards = toObjects(catalog.card ?? { columns: [], rows: [] });
  const ids = new Map<string, string>();
  const setIds = new Map<string, string>();
  counts.created.set_version = 0;
  counts.matched.set_version = 0;
  for (const set of sets) {
    const { rows } = await c.query<{ id: string }>('SELECT id FROM card_set WHERE game = $1 AND code_key = $2', [set.game, set.code_key]);
    if (rows[0]) setIds.set(set.id as string, rows[0].id);
  }
  for (const version of versions) {
    const archivedSet = sets.find((s) => s.id === version.set_id);
    if (!archivedSet) throw new CatalogIncomplete(`set_version ${String(version.id)} has no card_set in the archive`);
    let setId = setIds.get(archivedSet.id as string);
    if (!setId) {
      await insertRows(c, 'card_set', catalog.card_set.columns, [{ ...archivedSet, current_version_id: null }]);
      setId = archivedSet.id as string;
      setIds.set(setId, setId);
      counts.created.card_set = (counts.created.card_set ?? 0) + 1;
    }
    const { rows } = await c.query<{ id: string }>('SELECT id FROM set_version WHERE set_id = $1 AND data_version = $2', [setId, version.data_version]);
    if (rows[0]) {
      ids.set(version.id as string, rows[0].id);
      counts.matched.set_version++;
      continue;
    }
    await insertRows(c, 'set_version', catalog.set_version.columns, [{ ...version, set_id: setId }]);
    await insertRows(
      c,
      'card',
      catalog.card?.columns ?? [],
      cards.filter((card) => card.version_id === version.id),
    );
    // A set new to this server gets the imported version as its current one.
    await c.query('UPDATE card_set SET current_version_id = $2 WHERE id = $1 AND current_version_id IS NULL', [setId, version.id]);
    ids.set(version.id as string, version.id as string);
    counts.created.set_version++;
  }
  return ids;
}

/** The archive's catalog section does not hold what it names. */
export class CatalogIncomplete extends Error {}

/**
 * Rows outside the event (profiles, leagues): a row this server has — by primary key, else by one
 * of its unique keys (a profile's member number) — is used as it is here; any other is created
 * with its archived id.
 * @returns archived id → id here, for single-column primary keys.
 */
async function matchOrCreate(
  c: PoolClient,
  table: string,
  rows: Row[],
  facts: SchemaFacts,
  remaps: Map<string, Map<string, string>>,
  counts: ImportCounts,
): Promise<Map<string, string>> {
  const keys = facts.keys.get(table) ?? [];
  const primary = keys.find((k) => k.primary)?.columns ?? [];
  const map = new Map<string, string>();
  counts.created[table] = 0;
  counts.matched[table] = 0;
  for (const row of rows) {
    for (const k of facts.foreignKeys.filter((f) => f.table === table && remaps.has(f.references) && f.columns.length === 1)) {
      const value = row[k.columns[0]];
      if (typeof value === 'string') row[k.columns[0]] = remaps.get(k.references)!.get(value) ?? value;
    }
    let found: Row | undefined;
    for (const key of keys) {
      if (key.columns.some((col) => row[col] === null || row[col] === undefined)) continue;
      const where = key.columns.map((col, i) => `${ident(col)}::text = $${i + 1}`).join(' AND ');
      const { rows: hit } = await c.query<Row>(
        `SELECT ${primary.map(ident).join(', ')} FROM ${ident(table)} WHERE ${where}`,
        key.columns.map((col) => String(row[col])),
      );
      if (hit[0]) {
        found = hit[0];
        break;
      }
    }
    if (found) counts.matched[table]++;
    else {
      await insertRows(c, table, Object.keys(row), [row]);
      counts.created[table]++;
    }
    if (primary.length === 1 && typeof row[primary[0]] === 'string') map.set(row[primary[0]] as string, String((found ?? row)[primary[0]]));
  }
  return map;
}
