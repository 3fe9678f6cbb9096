import type { ClientBase } from 'pg';
import type { MigrationRef } from './rules/schema-compat';

/** A table of schema public as a dump sees it. */
export interface TableInfo {
  name: string;
  /** Stored columns in table order (generated columns are left out: PostgreSQL computes them again). */
  columns: { name: string; type: string }[];
}

/** A foreign key of schema public, as PostgreSQL would write it again. */
export interface ForeignKeyInfo {
  /** The referencing table, as regclass text (quoted when it needs to be). */
  table: string;
  name: string;
  /** pg_get_constraintdef: `FOREIGN KEY (…) REFERENCES …(…) ON DELETE …`. */
  definition: string;
}

/** Every ordinary table of schema public with its columns, by name. */
export async function listTables(client: ClientBase): Promise<TableInfo[]> {
  const { rows } = await client.query<{ table: string; column: string; type: string }>(
    `SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      WHERE n.nspname = 'public' AND c.relkind = 'r'
      ORDER BY c.relname, a.attnum`,
  );
  const tables = new Map<string, TableInfo>();
  for (const r of rows) {
    let t = tables.get(r.table);
    if (!t) tables.set(r.table, (t = { name: r.table, columns: [] }));
    t.columns.push({ name: r.column, type: r.type });
  }
  return [...tables.values()];
}

/** Migrations recorded as applied (finished, not rolled back), in name order; [] without a history table. */
export async function readAppliedMigrations(client: ClientBase): Promise<MigrationRef[]> {
  const { rows: exists } = await client.query<{ t: string | null }>(`SELECT to_regclass('public._prisma_migrations')::text AS t`);
  if (!exists[0].t) return [];
  const { rows } = await client.query<MigrationRef>(
    'SELECT migration_name AS name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name',
  );
  return rows;
}

/** Every foreign key between tables of schema public. */
export async function listForeignKeys(client: ClientBase): Promise<ForeignKeyInfo[]> {
  const { rows } = await client.query<ForeignKeyInfo>(
    `SELECT conrelid::regclass::text AS table, conname AS name, pg_get_constraintdef(oid) AS definition
       FROM pg_constraint WHERE contype = 'f' AND connamespace = 'public'::regnamespace ORDER BY conrelid::regclass::text, conname`,
  );
  return rows;
}
