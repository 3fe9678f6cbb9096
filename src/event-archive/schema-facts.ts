import { escapeIdentifier, type ClientBase } from 'pg';
import { listTables, readAppliedMigrations } from '../backup/database-catalog';
import type { EventGraph, ForeignKey } from './rules/event-graph';

/** What an archive needs to know of this server's schema, read from PostgreSQL's catalog. */
export interface SchemaFacts {
  /** Every table of schema public with its stored columns. */
  columns: Map<string, { name: string; type: string }[]>;
  foreignKeys: ForeignKey[];
  /** Per table, its primary key and unique indexes (plain columns, no predicate): the keys a row is matched by. */
  keys: Map<string, { primary: boolean; columns: string[] }[]>;
  /** Applied migrations, in order. */
  migrations: string[];
}

/** Reads the schema facts (three catalog queries). */
export async function readSchemaFacts(client: ClientBase): Promise<SchemaFacts> {
  const tables = await listTables(client);
  const { rows: foreignKeys } = await client.query<ForeignKey>(
    `SELECT t.relname AS table, r.relname AS references,
            (SELECT array_agg(a.attname::text ORDER BY k.ord) FROM unnest(c.conkey) WITH ORDINALITY k(attnum, ord)
               JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum) AS columns,
            (SELECT array_agg(a.attname::text ORDER BY k.ord) FROM unnest(c.confkey) WITH ORDINALITY k(attnum, ord)
               JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.attnum) AS "referencedColumns"
       FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid JOIN pg_class r ON r.oid = c.confrelid
      WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace
      ORDER BY t.relname, c.conname`,
  );
  const { rows: indexes } = await client.query<{ table: string; primary: boolean; columns: string[] }>(
    `SELECT t.relname AS table, i.indisprimary AS primary, array_agg(a.attname::text ORDER BY k.ord) AS columns
       FROM pg_index i
       JOIN pg_class t ON t.oid = i.indrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
       CROSS JOIN LATERAL unnest(i.indkey::int2[]) WITH ORDINALITY k(attnum, ord)
       JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
      WHERE n.nspname = 'public' AND i.indisunique AND i.indpred IS NULL AND i.indexprs IS NULL
      GROUP BY t.relname, i.indexrelid, i.indisprimary
      ORDER BY t.relname, i.indisprimary DESC, i.indexrelid`,
  );
  const keys = new Map<string, { primary: boolean; columns: string[] }[]>();
  for (const i of indexes) keys.set(i.table, [...(keys.get(i.table) ?? []), { primary: i.primary, columns: i.columns }]);
  return {
    columns: new Map(tables.map((t) => [t.name, t.columns])),
    foreignKeys,
    keys,
    migrations: (await readAppliedMigrations(client)).map((m) => m.name),
  };
}

const list = (columns: readonly string[]) => columns.map(escapeIdentifier).join(', ');

/**
 * SQL conditions (parameter $1 = the event's id) selecting a table's rows that belong to the event
 * (owned tables: through any foreign key to an owned parent) or that its rows point at (referenced
 * tables), built from the graph.
 */
export class RowSelector {
  private readonly memo = new Map<string, string>();

  constructor(private readonly graph: EventGraph) {}

  /** `WHERE` condition of `table`'s rows of the event, or pointed at by them. */
  where(table: string): string {
    const known = this.memo.get(table);
    if (known) return known;
    let condition: string;
    if (table === this.graph.root) condition = `${escapeIdentifier('id')} = $1`;
    else if (this.graph.ownership[table]) {
      condition = this.graph.ownership[table]
        .map((k) => `(${list(k.columns)}) IN (SELECT ${list(k.referencedColumns)} FROM ${escapeIdentifier(k.references)} WHERE ${this.where(k.references)})`)
        .join(' OR ');
    } else if (this.graph.references[table]) {
      condition = this.graph.references[table]
        .map((k) => `(${list(k.referencedColumns)}) IN (SELECT ${list(k.columns)} FROM ${escapeIdentifier(k.table)} WHERE ${this.where(k.table)})`)
        .join(' OR ');
    } else throw new Error(`${table} is neither owned by nor referenced from ${this.graph.root}`);
    this.memo.set(table, condition);
    return condition;
  }
}
