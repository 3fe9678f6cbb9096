import { plainToInstance, Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, MinLength, validateSync } from 'class-validator';

/**
 * Typed configuration, read once from the environment (and `.env` when present) and checked at
 * start-up: a bad value stops the process with every problem listed. Each variable is described
 * here once; `.env.example` repeats these descriptions for operators.
 */
export class AppConfig {
  /** HTTP port. Default 3000. */
  @Transform(({ value }) => (value === undefined || value === '' ? 3000 : Number(value)))
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  /** Interface to listen on. Default 127.0.0.1 (local only); 0.0.0.0 to serve the store's network. */
  @IsString()
  HOST = '127.0.0.1';

  /**
   * PostgreSQL connection URL. Unset: the server starts an embedded PostgreSQL in EMBEDDED_PG_DIR.
   */
  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/.+/, { message: 'DATABASE_URL must be a postgresql:// URL' })
  DATABASE_URL?: string;

  /** Data folder of the embedded PostgreSQL (relative to the project root). Default `.data/postgres`. */
  @IsString()
  EMBEDDED_PG_DIR = '.data/postgres';

  /** Port of the embedded PostgreSQL; 0 picks a free port at each start. Default 0. */
  @Transform(({ value }) => (value === undefined || value === '' ? 0 : Number(value)))
  @IsInt()
  @Min(0)
  @Max(65535)
  EMBEDDED_PG_PORT = 0;

  /**
   * Bearer token for organizer routes (`Authorization: Bearer <token>`), at least 16 characters.
   * Unset: a random token is generated once and kept in `.data/organizer-token` (printed at start).
   */
  @IsOptional()
  @IsString()
  @MinLength(16)
  ORGANIZER_TOKEN?: string;

  /** Log level: fatal, error, warn, info, debug, trace, silent. Default info. */
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  /** Load the set files shipped in data/sets at start (idempotent). Default true. */
  @Transform(({ value }) => value === undefined || value === '' || value === true || value === 'true' || value === '1')
  LOAD_SHIPPED_SETS = true;
}

/** A configuration value broke its rule. */
export class ConfigError extends Error {}

/**
 * Builds and checks the configuration from an environment.
 * @throws ConfigError listing every variable at fault.
 */
export function loadConfig(env: NodeJS.ProcessEnv): AppConfig {
  const known = Object.keys(new AppConfig());
  const picked: Record<string, unknown> = {};
  for (const key of [...known, 'DATABASE_URL', 'ORGANIZER_TOKEN']) {
    if (env[key] !== undefined && env[key] !== '') picked[key] = env[key];
  }
  const config = plainToInstance(AppConfig, picked, { exposeDefaultValues: true });
  const errors = validateSync(config);
  if (errors.length > 0) {
    const lines = errors.flatMap((e) => Object.values(e.constraints ?? {}).map((m) => `  ${e.property}: ${m}`));
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return config;
}
