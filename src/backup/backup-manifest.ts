import 'reflect-metadata';
import { plainToInstance, Type } from 'class-transformer';
import { IsArray, IsBoolean, IsIn, IsInt, IsISO8601, IsString, Matches, Min, ValidateNested, validateSync } from 'class-validator';

/** `format` of a Podium database backup's manifest.json. */
export const BACKUP_FORMAT = 'podium-database-backup';
/** Version of the archive layout below; a reader refuses versions it does not know. */
export const BACKUP_FORMAT_VERSION = 1;

export class ManifestMigration {
  @IsString() @Matches(/^[\w-]{1,255}$/) name!: string;
  @Matches(/^[0-9a-f]{64}$/) checksum!: string;
}

export class ManifestColumn {
  @IsString() name!: string;
  /** PostgreSQL's type name (format_type), for a reader's information: COPY's text format carries the values. */
  @IsString() type!: string;
}

export class ManifestTable {
  /** Table name in schema public. */
  @IsString() @Matches(/^[A-Za-z_][\w$]{0,62}$/) name!: string;
  /** Path inside the archive: `tables/<name>.copy`, PostgreSQL's COPY text format (one line a row, \N = NULL). */
  @Matches(/^tables\/[A-Za-z_][\w$]{0,62}\.copy$/) file!: string;
  @IsArray() @ValidateNested({ each: true }) @Type(() => ManifestColumn) columns!: ManifestColumn[];
  @IsInt() @Min(0) rows!: number;
  @IsInt() @Min(0) bytes!: number;
  /** Hex SHA-256 of the file: a damaged archive is refused before anything is written. */
  @Matches(/^[0-9a-f]{64}$/) sha256!: string;
}

export class ManifestSequence {
  @IsString() @Matches(/^[A-Za-z_][\w$]{0,62}$/) name!: string;
  /** bigint as a decimal string. */
  @Matches(/^-?\d{1,19}$/) lastValue!: string;
  @IsBoolean() isCalled!: boolean;
}

/**
 * manifest.json, the first entry of a backup archive (a gzip'd tar): what was dumped, from which
 * schema (the applied migrations = the schema version) and which Podium.
 */
export class BackupManifest {
  @IsIn([BACKUP_FORMAT]) format!: typeof BACKUP_FORMAT;
  @IsInt() @Min(1) formatVersion!: number;
  @IsString() podiumVersion!: string;
  @IsISO8601() createdAt!: string;
  /** PostgreSQL's server_version where it was taken. */
  @IsString() postgresVersion!: string;
  /** Applied migrations, in order. */
  @IsArray() @ValidateNested({ each: true }) @Type(() => ManifestMigration) migrations!: ManifestMigration[];
  @IsArray() @ValidateNested({ each: true }) @Type(() => ManifestTable) tables!: ManifestTable[];
  @IsArray() @ValidateNested({ each: true }) @Type(() => ManifestSequence) sequences!: ManifestSequence[];
}

/**
 * Reads and checks a manifest.
 * @throws Error naming the first problems (not a Podium backup, an unknown format version, a field).
 */
export function parseManifest(json: unknown): BackupManifest {
  if (typeof json !== 'object' || json === null || (json as { format?: unknown }).format !== BACKUP_FORMAT) {
    throw new Error(`not a Podium database backup (manifest.json has no "format": "${BACKUP_FORMAT}")`);
  }
  const version = (json as { formatVersion?: unknown }).formatVersion;
  if (typeof version === 'number' && version > BACKUP_FORMAT_VERSION) {
    throw new Error(`the backup's format version ${version} is newer than this Podium reads (${BACKUP_FORMAT_VERSION}): restore it with a newer Podium`);
  }
  const manifest = plainToInstance(BackupManifest, json);
  const errors = validateSync(manifest);
  if (errors.length > 0) throw new Error(`manifest.json is invalid: ${describe(errors).slice(0, 5).join('; ')}`);
  const names = new Set<string>();
  for (const t of manifest.tables) {
    if (names.has(t.name)) throw new Error(`manifest.json lists table ${t.name} twice`);
    names.add(t.name);
    if (t.file !== `tables/${t.name}.copy`) throw new Error(`manifest.json: table ${t.name} points at ${t.file}`);
  }
  return manifest;
}

function describe(errors: ReturnType<typeof validateSync>, path = ''): string[] {
  return errors.flatMap((e) => {
    const field = path ? `${path}.${e.property}` : e.property;
    return [...Object.values(e.constraints ?? {}).map((m) => `${field}: ${m}`), ...describe(e.children ?? [], field)];
  });
}
