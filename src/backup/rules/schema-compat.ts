/** A migration as recorded in `_prisma_migrations` or found in prisma/migrations. */
export interface MigrationRef {
  name: string;
  /** Lowercase hex SHA-256 of the migration.sql bytes. */
  checksum: string;
}

/** What a backup's schema is to this code. */
export type BackupSchemaVerdict =
  | { ok: true; /** The code's migrations up to the backup's last one, in order: the schema to build before loading. */ upTo: string[] }
  | { ok: false; reason: 'newer'; /** Migrations of the backup this code does not have. */ migrations: string[] }
  | { ok: false; reason: 'changed'; /** Migrations whose file differs from the one the backup's database applied. */ migrations: string[] }
  | { ok: false; reason: 'gaps'; /** Migrations of the code before the backup's last that the backup never applied. */ migrations: string[] };

/**
 * Rule: a backup restores only onto the schema it was taken with, built by this code's own
 * migrations. Every migration of the backup must be one of the code's with the same checksum (a
 * migration unknown to the code = a backup of a newer Podium: refused, upgrade first), and the
 * backup's migrations must be exactly the code's first ones (a gap would leave the restored data on
 * another schema than the backup's). Later migrations of the code are applied at the next start.
 */
export function judgeBackupSchema(backup: readonly MigrationRef[], code: readonly MigrationRef[]): BackupSchemaVerdict {
  const known = new Map(code.map((m) => [m.name, m.checksum]));
  const unknown = backup.filter((m) => !known.has(m.name)).map((m) => m.name);
  if (unknown.length > 0) return { ok: false, reason: 'newer', migrations: unknown };
  const changed = backup.filter((m) => known.get(m.name) !== m.checksum).map((m) => m.name);
  if (changed.length > 0) return { ok: false, reason: 'changed', migrations: changed };
  const inBackup = new Set(backup.map((m) => m.name));
  const last = code.findLastIndex((m) => inBackup.has(m.name));
  const upTo = code.slice(0, last + 1).map((m) => m.name);
  const gaps = upTo.filter((name) => !inBackup.has(name));
  if (gaps.length > 0) return { ok: false, reason: 'gaps', migrations: gaps };
  return { ok: true, upTo };
}

/** What the restore does with the target's own schema. */
export type TargetSchemaVerdict =
  | { ok: true; /** Backup migrations the target has not applied yet, in order. */ toApply: string[] }
  | { ok: false; /** Target migrations the backup does not have. */ migrations: string[] };

/**
 * Rule: the target database's schema must be empty or an earlier state of the backup's (its
 * applied migrations a prefix of the backup's); the restore applies the rest. A target with a
 * migration the backup lacks is newer than the backup and is refused: no migration is ever undone.
 */
export function judgeTargetSchema(target: readonly string[], backup: readonly string[]): TargetSchemaVerdict {
  const extra = target.filter((name, i) => backup[i] !== name);
  if (extra.length > 0) return { ok: false, migrations: extra };
  return { ok: true, toApply: backup.slice(target.length) };
}
