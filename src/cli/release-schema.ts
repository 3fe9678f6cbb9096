import type { Client } from 'pg';

/**
 * What a release's code relies on in the database: every table's columns (type, nullability,
 * default), and every index, constraint, trigger and function, each by name with its full
 * definition as PostgreSQL prints it. Taken from a database migrated with exactly that release's
 * migrations (`npm run release:schema`) and kept in `prisma/releases/<version>.schema.json`.
 */
export interface ReleaseSchema {
  /** The release it describes, e.g. "0.1.0". */
  version: string;
  /** The migrations of that release, in order. */
  migrations: string[];
  /** table → column → "type | NOT NULL | DEFAULT …" */
  tables: Record<string, Record<string, string>>;
  /** name → definition (pg_get_indexdef, pg_get_constraintdef, pg_get_triggerdef, pg_get_functiondef). */
  indexes: Record<string, string>;
  constraints: Record<string, string>;
  triggers: Record<string, string>;
  functions: Record<string, string>;
}

/** Prisma's migration history is the migrator's, not the application's. */
const IGNORED_TABLES = new Set(['_prisma_migrations']);

/** Reads the schema `public` of the database `client` is connected to. */
export async function readSchema(client: Client, version: string, migrations: string[]): Promise<ReleaseSchema> {
  const columns = await client.query<{ table_name: string; column_name: string; type: string; not_null: boolean; default: string | null }>(
    `SELECT c.relname AS table_name, a.attname AS column_name, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS not_null,
            pg_get_expr(d.adbin, d.adrelid) AS default
       FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped`,
  );
  const tables: ReleaseSchema['tables'] = {};
  for (const c of columns.rows) {
    if (IGNORED_TABLES.has(c.table_name)) continue;
    (tables[c.table_name] ??= {})[c.column_name] = [c.type, c.not_null ? 'NOT NULL' : null, c.default === null ? null : `DEFAULT ${c.default}`].filter(Boolean).join(' | ');
  }
  const named = async (sql: string) => {
    const out: Record<string, string> = {};
    for (const r of (await client.query<{ name: string; def: string; tbl: string | null }>(sql)).rows) {
      if (r.tbl && IGNORED_TABLES.has(r.tbl)) continue;
      out[r.name] = r.def;
    }
    return sortKeys(out);
  };
  return {
    version,
    migrations,
    tables: sortKeys(Object.fromEntries(Object.entries(tables).map(([t, cols]) => [t, sortKeys(cols)]))),
    indexes: await named(`SELECT indexname AS name, indexdef AS def, tablename AS tbl FROM pg_indexes WHERE schemaname = 'public'`),
    constraints: await named(
      `SELECT c.conrelid::regclass::text || '.' || c.conname AS name, pg_get_constraintdef(c.oid) AS def, c.conrelid::regclass::text AS tbl
         FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace WHERE n.nspname = 'public'`,
    ),
    triggers: await named(
      `SELECT t.tgrelid::regclass::text || '.' || t.tgname AS name, pg_get_triggerdef(t.oid) AS def, t.tgrelid::regclass::text AS tbl
         FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND NOT t.tgisinternal`,
    ),
    functions: await named(
      `SELECT p.oid::regprocedure::text AS name, pg_get_functiondef(p.oid) AS def, NULL AS tbl
         FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public' AND p.prokind = 'f'`,
    ),
  };
}

/** One way the new schema breaks the release that is still running during an upgrade. */
export interface ContractBreak {
  kind: 'table' | 'column' | 'index' | 'constraint' | 'trigger' | 'function' | 'new-column' | 'migration';
  name: string;
  problem: string;
}

/**
 * The rule of rolling upgrades, expand then contract: while instances of the previous release
 * still run, the schema may only grow. Everything the release's schema had must still be there
 * unchanged (a table, a column with its type, nullability and default, an index, a constraint, a
 * trigger, a function with its signature and body), its migrations must still be there, and a
 * column added to one of its tables must be nullable or have a default (the old release's inserts
 * do not name it). What a later release no longer uses is dropped once that release is the
 * previous one.
 * @returns every break (empty: the upgrade is safe for the previous release).
 */
export function contractBreaks(release: ReleaseSchema, next: ReleaseSchema): ContractBreak[] {
  const out: ContractBreak[] = [];
  const missingMigrations = release.migrations.filter((m) => !next.migrations.includes(m));
  for (const m of missingMigrations) out.push({ kind: 'migration', name: m, problem: 'a migration of the release is gone (applied migrations are never removed or renamed)' });
  for (const [table, columns] of Object.entries(release.tables)) {
    const now = next.tables[table];
    if (!now) {
      out.push({ kind: 'table', name: table, problem: 'dropped or renamed while the release still reads it' });
      continue;
    }
    for (const [column, def] of Object.entries(columns)) {
      if (now[column] === undefined) out.push({ kind: 'column', name: `${table}.${column}`, problem: 'dropped or renamed while the release still reads it' });
      else if (now[column] !== def) out.push({ kind: 'column', name: `${table}.${column}`, problem: `changed from "${def}" to "${now[column]}"` });
    }
    for (const [column, def] of Object.entries(now)) {
      if (columns[column] === undefined && def.includes('NOT NULL') && !def.includes('DEFAULT')) {
        out.push({ kind: 'new-column', name: `${table}.${column}`, problem: `added NOT NULL without a default: the release's inserts into ${table} would fail` });
      }
    }
  }
  const same = (kind: 'index' | 'constraint' | 'trigger' | 'function', before: Record<string, string>, after: Record<string, string>) => {
    for (const [name, def] of Object.entries(before)) {
      if (after[name] === undefined) out.push({ kind, name, problem: 'dropped or renamed while the release still relies on it' });
      else if (after[name] !== def) out.push({ kind, name, problem: 'its definition changed' });
    }
  };
  same('index', release.indexes, next.indexes);
  same('constraint', release.constraints, next.constraints);
  same('trigger', release.triggers, next.triggers);
  same('function', release.functions, next.functions);
  return out;
}

/** The newest of several release schemas by semantic version. */
export function newestRelease(releases: ReleaseSchema[]): ReleaseSchema | undefined {
  const key = (v: string) => v.split('.').map((n) => Number(n));
  return [...releases].sort((a, b) => {
    const [x, y] = [key(a.version), key(b.version)];
    for (let i = 0; i < Math.max(x.length, y.length); i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (y[i] ?? 0) - (x[i] ?? 0);
    return 0;
  })[0];
}

function sortKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
