/** `format` of an event archive. */
export const ARCHIVE_FORMAT = 'podium-event-archive';
/** Version of the layout below; an import refuses versions it does not know. */
export const ARCHIVE_FORMAT_VERSION = 1;

/** Rows of one table: column names, then one array of values per row (JSON as PostgreSQL's to_jsonb writes them). */
export interface TableRows {
  columns: string[];
  rows: unknown[][];
}

/**
 * One event with everything of it, as `GET /api/events/:id/archive` writes it and
 * `POST /api/events/import` reads it: the event's own tables (found from the schema's foreign
 * keys, see rules/event-graph.ts), the rows outside it they point at (player profiles, leagues), and
 * the catalog's set versions its packs were drawn from, with their cards.
 */
export interface EventArchive {
  format: typeof ARCHIVE_FORMAT;
  formatVersion: number;
  podiumVersion: string;
  /** ISO time of the export. */
  createdAt: string;
  /** Migrations applied on the server it came from: its schema. */
  migrations: string[];
  event: { id: string; code: string; name: string; state: string };
  tables: Record<string, TableRows>;
  references: Record<string, TableRows>;
  catalog: Record<string, TableRows>;
}
