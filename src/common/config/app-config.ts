import { plainToInstance, Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, ValidateIf, validateSync } from 'class-validator';

/**
 * Typed configuration, read once from the environment (and `.env` when present) and checked at
 * start-up: a bad value stops the process with every problem listed. Each variable is described
 * here once; `.env.example` repeats these descriptions for operators.
 */
export class AppConfig {
  /** HTTP port. Default 3000. */
  @Transform(strictInteger(3000))
  @IsInt({ message: 'PORT must be a whole number 0–65535' })
  @Min(0)
  @Max(65535)
  PORT = 3000;

  /** Interface to listen on. Default 127.0.0.1 (local only); 0.0.0.0 to serve the store's network. */
  @Matches(/^[\w.:-]+$/, { message: 'HOST must be a host name or IP address' })
  HOST = '127.0.0.1';

  /**
   * The address players' phones open (join links and QR codes), e.g. `https://podium.example.com`
   * behind a proxy. Unset: with HOST=0.0.0.0 this machine's network addresses, else HOST itself.
   */
  @IsOptional()
  @Matches(/^https?:\/\/[^\s/]+(\/[^\s]*)?$/, { message: 'PUBLIC_URL must be an http:// or https:// URL' })
  PUBLIC_URL?: string;

  /**
   * PostgreSQL connection URL. Unset: the server starts an embedded PostgreSQL in EMBEDDED_PG_DIR.
   */
  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/.+/, { message: 'DATABASE_URL must be a postgresql:// URL' })
  DATABASE_URL?: string;

  /**
   * A second URL to the same database that reaches PostgreSQL itself, for what needs a session of
   * its own: LISTEN (live updates from other instances), session advisory locks (migrations,
   * scheduled backups), the presence connection whose backend pid names this instance's pick-timer
   * claims, and the notify connection's `SET`. Set it when DATABASE_URL goes through a
   * transaction-pooling PgBouncer (which hands each transaction a different server session);
   * requires DATABASE_URL. Unset: DATABASE_URL serves both.
   */
  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/.+/, { message: 'DATABASE_DIRECT_URL must be a postgresql:// URL' })
  DATABASE_DIRECT_URL?: string;

  /** Data folder of the embedded PostgreSQL (relative to the project root). Default `.data/postgres`. */
  @IsString()
  EMBEDDED_PG_DIR = '.data/postgres';

  /** Port of the embedded PostgreSQL; 0 picks a free port at each start. Default 0. */
  @Transform(strictInteger(0))
  @IsInt({ message: 'EMBEDDED_PG_PORT must be a whole number 0–65535' })
  @Min(0)
  @Max(65535)
  EMBEDDED_PG_PORT = 0;

  /**
   * Bearer token for organizer routes (`Authorization: Bearer <token>`), at least 16 characters.
   * Unset: a random token is generated once and kept in `.data/organizer-token` (printed at start).
   */
  @IsOptional()
  @Matches(/^\S{16,}$/, { message: 'ORGANIZER_TOKEN must be at least 16 characters without spaces' })
  ORGANIZER_TOKEN?: string;

  /**
   * Bearer token that lets Prometheus read GET /metrics from another machine
   * (`Authorization: Bearer <token>`), at least 16 characters. Unset: /metrics answers only clients
   * on this machine (loopback, and not through a proxy), so phones on the store's network never
   * read it. docs/deploy.md lists the metrics.
   */
  @IsOptional()
  @Matches(/^\S{16,}$/, { message: 'METRICS_TOKEN must be at least 16 characters without spaces' })
  METRICS_TOKEN?: string;

  /** Log level: fatal, error, warn, info, debug, trace, silent. Default info. */
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  /** Run pick-timer workers (timeout picks when a deadline passes). Default true. */
  @Transform(({ value }) => (value === undefined ? true : (BOOLEAN_WORDS[String(value).toLowerCase()] ?? value)))
  @IsBoolean({ message: 'PICK_TIMERS must be true or false (also 1/0, yes/no)' })
  PICK_TIMERS = true;

  /** How often this instance looks for due pick timers, in milliseconds (100–10,000). Default 200. */
  @Transform(({ value }) => (value === undefined ? 200 : Number(value)))
  @IsInt({ message: 'PICK_TIMER_POLL_MS must be a whole number of milliseconds' })
  @Min(100, { message: 'PICK_TIMER_POLL_MS must be at least 100' })
  @Max(10_000, { message: 'PICK_TIMER_POLL_MS must be at most 10000' })
  PICK_TIMER_POLL_MS = 200;

  /**
   * How long a client may take to send a whole request, in milliseconds (1,000–600,000; headers
   * get at most 10 s of it). Default 30,000: a slow or stalled upload is cut off with 408 instead of
   * holding a connection for Node's 5 minutes. Live streams are responses and are not limited.
   */
  @Transform(strictInteger(30_000))
  @IsInt({ message: 'REQUEST_TIMEOUT_MS must be a whole number of milliseconds' })
  @Min(1000, { message: 'REQUEST_TIMEOUT_MS must be at least 1000' })
  @Max(600_000, { message: 'REQUEST_TIMEOUT_MS must be at most 600000' })
  REQUEST_TIMEOUT_MS = 30_000;

  /**
   * How long a database query may take before the request gives up with 503 DATABASE_UNAVAILABLE,
   * in milliseconds (100–600,000). Measured by the server, so it holds when PostgreSQL hangs or is
   * stopped (its own statement_timeout would never fire), and behind a transaction-pooling
   * PgBouncer. The connection of a query that ran out of time is closed, never reused. Default
   * 10,000: the slowest real query (league standings over a national season) takes under a second.
   */
  @Transform(strictInteger(10_000))
  @IsInt({ message: 'DB_QUERY_TIMEOUT_MS must be a whole number of milliseconds' })
  @Min(100, { message: 'DB_QUERY_TIMEOUT_MS must be at least 100' })
  @Max(600_000, { message: 'DB_QUERY_TIMEOUT_MS must be at most 600000' })
  DB_QUERY_TIMEOUT_MS = 10_000;

  /**
   * How long a request waits for a database connection (a new one, or a free one when the pool is
   * busy), in milliseconds (100–600,000), before 503 DATABASE_UNAVAILABLE. Default 5,000.
   */
  @Transform(strictInteger(5_000))
  @IsInt({ message: 'DB_CONNECT_TIMEOUT_MS must be a whole number of milliseconds' })
  @Min(100, { message: 'DB_CONNECT_TIMEOUT_MS must be at least 100' })
  @Max(600_000, { message: 'DB_CONNECT_TIMEOUT_MS must be at most 600000' })
  DB_CONNECT_TIMEOUT_MS = 5_000;

  /**
   * PostgreSQL's own `statement_timeout` for this server's connections, in milliseconds: 0 leaves
   * the database's setting (the default), else 100–600,000. DB_QUERY_TIMEOUT_MS is measured by the
   * server and closes the connection, but PostgreSQL goes on running the statement until it
   * notices; with this set, PostgreSQL itself cancels a statement that runs too long and frees its
   * backend (the request answers 503 DATABASE_UNAVAILABLE). Set it a little under
   * DB_QUERY_TIMEOUT_MS (e.g. 9000 with 10000): the database then stops a long statement itself
   * instead of running on after the server gave up. Sent when connecting: a transaction-pooling PgBouncer refuses that, so behind one set it
   * on the database role instead (`ALTER ROLE … SET statement_timeout = '9s'`). Not applied to
   * migrations, backups and restores, which may run longer.
   */
  @Transform(strictInteger(0))
  @ValidateIf((config: AppConfig) => config.DB_STATEMENT_TIMEOUT_MS !== 0)
  @IsInt({ message: 'DB_STATEMENT_TIMEOUT_MS must be a whole number of milliseconds (0 = off)' })
  @Min(100, { message: 'DB_STATEMENT_TIMEOUT_MS must be 0 (off) or at least 100' })
  @Max(600_000, { message: 'DB_STATEMENT_TIMEOUT_MS must be at most 600000' })
  DB_STATEMENT_TIMEOUT_MS = 0;

  /**
   * Connections of the main pool (Prisma: every request's reads and writes), 2–1,000. Default 20.
   * With several instances on one PostgreSQL, each opens up to DB_POOL_SIZE + DB_DRAFT_POOL_SIZE +
   * 10 connections (docs/deploy.md): keep the sum under the server's `max_connections`.
   * At least 2: a request may need a second connection while its transaction holds one.
   */
  @Transform(strictInteger(20))
  @IsInt({ message: 'DB_POOL_SIZE must be a whole number of connections' })
  @Min(2, { message: 'DB_POOL_SIZE must be at least 2' })
  @Max(1000, { message: 'DB_POOL_SIZE must be at most 1000' })
  DB_POOL_SIZE = 20;

  /**
   * Connections of the draft's pool (plain `pg`: group commits of picks, pick timers, live
   * notifications, event archives), 2–1,000. Default 10; they are kept open while idle, since a
   * new connection made a draft's first picks wait. Picks share a few statements at a time
   * (src/draft/commit-group.ts), so a larger pool rarely makes drafting faster.
   */
  @Transform(strictInteger(10))
  @IsInt({ message: 'DB_DRAFT_POOL_SIZE must be a whole number of connections' })
  @Min(2, { message: 'DB_DRAFT_POOL_SIZE must be at least 2' })
  @Max(1000, { message: 'DB_DRAFT_POOL_SIZE must be at most 1000' })
  DB_DRAFT_POOL_SIZE = 10;

  /** Registrations a minute from one client address to one event (429 beyond). Default 120: a store's phones may share an address. */
  @Transform(strictInteger(120))
  @IsInt({ message: 'RATE_LIMIT_REGISTRATIONS must be a whole number' })
  @Min(1, { message: 'RATE_LIMIT_REGISTRATIONS must be at least 1' })
  RATE_LIMIT_REGISTRATIONS = 120;

  /**
   * Wrong join codes a minute from one client address, whatever the event, counted across
   * instances (PostgreSQL), before that address's join codes are refused for a minute (429).
   * Default 20: players of a store behind one public address share it.
   */
  @Transform(strictInteger(20))
  @IsInt({ message: 'RATE_LIMIT_JOIN_GUESSES must be a whole number' })
  @Min(1, { message: 'RATE_LIMIT_JOIN_GUESSES must be at least 1' })
  RATE_LIMIT_JOIN_GUESSES = 20;

  /**
   * Events created a minute by one staff account (whichever of its tokens or sessions; ORGANIZER_TOKEN
   * before setup: per store), counted across instances (PostgreSQL),
   * before creation is refused for a minute (429). Default 60: a busy store creates a few a night;
   * a leaked token cannot fill the database.
   */
  @Transform(strictInteger(60))
  @IsInt({ message: 'RATE_LIMIT_EVENT_CREATIONS must be a whole number' })
  @Min(1, { message: 'RATE_LIMIT_EVENT_CREATIONS must be at least 1' })
  RATE_LIMIT_EVENT_CREATIONS = 60;

  /** Requests a minute from one client address to the heavy public routes (deck import/check, boosters, league standings). Default 60. */
  @Transform(strictInteger(60))
  @IsInt({ message: 'RATE_LIMIT_HEAVY must be a whole number' })
  @Min(1, { message: 'RATE_LIMIT_HEAVY must be at least 1' })
  RATE_LIMIT_HEAVY = 60;

  /** Live streams one player may hold open at once (phone, laptop, a reconnect in flight). Default 5. */
  @Transform(strictInteger(5))
  @IsInt({ message: 'STREAMS_PER_PLAYER must be a whole number' })
  @Min(1, { message: 'STREAMS_PER_PLAYER must be at least 1' })
  STREAMS_PER_PLAYER = 5;

  /**
   * Origins allowed to call the API from a browser page served elsewhere, comma-separated
   * (e.g. https://podium.example). Unset: no CORS headers, only same-origin pages.
   */
  @IsOptional()
  @Matches(/^https?:\/\/[^\s,]+(,\s*https?:\/\/[^\s,]+)*$/, { message: 'CORS_ORIGINS must be http(s) origins separated by commas' })
  CORS_ORIGINS?: string;

  /** Behind a reverse proxy: take the client address from X-Forwarded-For (rate limits per client). Default false. */
  @Transform(({ value }) => (value === undefined ? false : (BOOLEAN_WORDS[String(value).toLowerCase()] ?? value)))
  @IsBoolean({ message: 'TRUST_PROXY must be true or false (also 1/0, yes/no)' })
  TRUST_PROXY = false;

  /**
   * Hours between scheduled backups of the whole database (0 = off, at most 8760). Unset: 24 with
   * the embedded PostgreSQL (a store's only copy of its season is on this machine), off with
   * DATABASE_URL (your own PostgreSQL has its own backups; set it to take these as well). Counted
   * from the last scheduled backup in BACKUP_DIR, so a server that runs only on event nights still
   * takes one each night.
   */
  @IsOptional()
  @Transform(({ value }) => (value === undefined ? undefined : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value))
  @IsInt({ message: 'BACKUP_INTERVAL_HOURS must be a whole number of hours (0 = off)' })
  @Min(0)
  @Max(8760, { message: 'BACKUP_INTERVAL_HOURS must be at most 8760 (a year)' })
  BACKUP_INTERVAL_HOURS?: number;

  /** Scheduled backups kept in BACKUP_DIR; older ones are deleted (backups taken by hand never are). Default 14. */
  @Transform(strictInteger(14))
  @IsInt({ message: 'BACKUP_KEEP must be a whole number' })
  @Min(1, { message: 'BACKUP_KEEP must be at least 1' })
  @Max(10_000)
  BACKUP_KEEP = 14;

  /**
   * Folder of scheduled backups (relative to the project root), also `npm run backup`'s default.
   * Default `.data/backups` — on the same disk as the data, which the server warns about at start:
   * point it at another disk (a USB drive, a network share) to survive a disk failure.
   */
  @IsString()
  @Matches(/\S/, { message: 'BACKUP_DIR must name a folder' })
  BACKUP_DIR = '.data/backups';

  /**
   * The store's folder of card images (relative to the project root, or absolute), served by
   * Podium at /api/card-images/…: files named `<set>/<number>.<ext>` or by OCTGN card GUID
   * (`<guid>.<ext>`, anywhere in the folder); jpg, png, webp. Scanned at start and by the organizer
   * route POST /api/card-images/scan. Default `data/card-images` (git-ignored; may be absent).
   */
  @IsString()
  CARD_IMAGES_DIR = 'data/card-images';

  /** Load the set files shipped in data/sets at start (idempotent). Default true. */
  @Transform(({ value }) => (value === undefined ? true : (BOOLEAN_WORDS[String(value).toLowerCase()] ?? value)))
  @IsBoolean({ message: 'LOAD_SHIPPED_SETS must be true or false (also 1/0, yes/no)' })
  LOAD_SHIPPED_SETS = true;
}

/** Hours between scheduled backups in effect: BACKUP_INTERVAL_HOURS, else 24 on the embedded PostgreSQL and 0 (off) with DATABASE_URL. */
export function backupIntervalHours(config: AppConfig): number {
  return config.BACKUP_INTERVAL_HOURS ?? (config.DATABASE_URL ? 0 : 24);
}

/** Digits only: "0x50", "1e3" and " " are errors, not numbers. */
function strictInteger(fallback: number) {
  return ({ value }: { value: unknown }) => (value === undefined ? fallback : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value);
}

const BOOLEAN_WORDS: Record<string, boolean> = { true: true, false: false, '1': true, '0': false, yes: true, no: false };

/** A configuration value broke its rule. */
export class ConfigError extends Error {}

/**
 * Builds and checks the configuration from an environment.
 * @throws ConfigError listing every variable at fault.
 */
export function loadConfig(env: NodeJS.ProcessEnv): AppConfig {
  const known = Object.keys(new AppConfig());
  const picked: Record<string, unknown> = {};
  for (const key of [...known, 'DATABASE_URL', 'DATABASE_DIRECT_URL', 'ORGANIZER_TOKEN', 'METRICS_TOKEN', 'BACKUP_INTERVAL_HOURS']) {
    if (env[key] !== undefined && env[key] !== '') picked[key] = env[key];
  }
  const config = plainToInstance(AppConfig, picked, { exposeDefaultValues: true });
  const errors = validateSync(config);
  const lines = errors.flatMap((e) => Object.values(e.constraints ?? {}).map((m) => `  ${e.property}: ${m}`));
  // Without DATABASE_URL the server runs its own embedded PostgreSQL: a direct URL elsewhere would split the data.
  if (config.DATABASE_DIRECT_URL && !config.DATABASE_URL) lines.push('  DATABASE_DIRECT_URL: needs DATABASE_URL (the embedded PostgreSQL has no pooler in front of it)');
  if (lines.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return config;
}
