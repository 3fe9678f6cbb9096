import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppConfig, backupIntervalHours, ConfigError, loadConfig } from './app-config';

describe('typed configuration checked at start-up', () => {
  it('has working defaults for a fresh machine (embedded PostgreSQL, port 3000)', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', EMBEDDED_PG_DIR: '.data/postgres', EMBEDDED_PG_PORT: 0, LOG_LEVEL: 'info', LOAD_SHIPPED_SETS: true });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('reads and converts the variables it knows', () => {
    const config = loadConfig({ PORT: '8080', DATABASE_URL: 'postgresql://u:p@db:5432/podium', ORGANIZER_TOKEN: 'a-long-enough-token', LOAD_SHIPPED_SETS: 'false' });
    expect(config).toMatchObject({ PORT: 8080, DATABASE_URL: 'postgresql://u:p@db:5432/podium', ORGANIZER_TOKEN: 'a-long-enough-token', LOAD_SHIPPED_SETS: false });
  });

  it('lists every bad variable at once', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', ORGANIZER_TOKEN: 'short', LOG_LEVEL: 'loud' });
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'ORGANIZER_TOKEN', 'LOG_LEVEL']) expect(message).toContain(name);
    }
  });
});

describe('DATABASE_DIRECT_URL: the session-bound connections behind a transaction-pooling PgBouncer', () => {
  it('is optional, and read beside DATABASE_URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgresql://u:p@pgbouncer:6432/podium' }).DATABASE_DIRECT_URL).toBeUndefined();
    const config = loadConfig({ DATABASE_URL: 'postgresql://u:p@pgbouncer:6432/podium', DATABASE_DIRECT_URL: 'postgresql://u:p@db:5432/podium' });
    expect(config).toMatchObject({ DATABASE_URL: 'postgresql://u:p@pgbouncer:6432/podium', DATABASE_DIRECT_URL: 'postgresql://u:p@db:5432/podium' });
  });

  it('must be a postgresql:// URL, and needs DATABASE_URL (the embedded PostgreSQL serves both)', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgresql://u:p@db/podium', DATABASE_DIRECT_URL: 'db:5432' })).toThrow(/DATABASE_DIRECT_URL must be a postgresql:\/\/ URL/);
    expect(() => loadConfig({ DATABASE_DIRECT_URL: 'postgresql://u:p@db:5432/podium' })).toThrow(/DATABASE_DIRECT_URL: needs DATABASE_URL/);
  });
});

describe('configuration values are read strictly (no silent coercion)', () => {
  it.each([['0x50'], ['1e3'], [' '], ['80.5']])('PORT=%j is an error, not a number', (port) => {
    expect(() => loadConfig({ PORT: port })).toThrow(/PORT/);
  });

  it('LOAD_SHIPPED_SETS accepts true/false, 1/0, yes/no in any case; anything else is an error', () => {
    expect(loadConfig({ LOAD_SHIPPED_SETS: 'TRUE' }).LOAD_SHIPPED_SETS).toBe(true);
    expect(loadConfig({ LOAD_SHIPPED_SETS: 'yes' }).LOAD_SHIPPED_SETS).toBe(true);
    expect(loadConfig({ LOAD_SHIPPED_SETS: '0' }).LOAD_SHIPPED_SETS).toBe(false);
    expect(() => loadConfig({ LOAD_SHIPPED_SETS: 'maybe' })).toThrow(/LOAD_SHIPPED_SETS/);
  });

  it('an ORGANIZER_TOKEN with spaces could never be sent as a bearer token: refused', () => {
    expect(() => loadConfig({ ORGANIZER_TOKEN: '                ' })).toThrow(/ORGANIZER_TOKEN/);
    expect(() => loadConfig({ ORGANIZER_TOKEN: 'has a space in it ok' })).toThrow(/ORGANIZER_TOKEN/);
  });

  it('HOST must look like a host name or address', () => {
    expect(() => loadConfig({ HOST: 'a b' })).toThrow(/HOST/);
    expect(loadConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });
});

describe('scheduled backups: daily on the embedded PostgreSQL unless configured, off with DATABASE_URL', () => {
  it('defaults: every 24 hours embedded, off with DATABASE_URL, keep 14 in .data/backups', () => {
    expect(backupIntervalHours(loadConfig({}))).toBe(24);
    expect(backupIntervalHours(loadConfig({ DATABASE_URL: 'postgresql://u:p@db/podium' }))).toBe(0);
    expect(loadConfig({})).toMatchObject({ BACKUP_KEEP: 14, BACKUP_DIR: '.data/backups' });
  });

  it('an explicit interval wins either way, 0 turns it off', () => {
    expect(backupIntervalHours(loadConfig({ DATABASE_URL: 'postgresql://u:p@db/podium', BACKUP_INTERVAL_HOURS: '6' }))).toBe(6);
    expect(backupIntervalHours(loadConfig({ BACKUP_INTERVAL_HOURS: '0' }))).toBe(0);
  });

  it('bad values stop the start with every one named', () => {
    for (const [key, value] of [
      ['BACKUP_INTERVAL_HOURS', '1.5'],
      ['BACKUP_INTERVAL_HOURS', '-1'],
      ['BACKUP_INTERVAL_HOURS', '9000'],
      ['BACKUP_KEEP', '0'],
      ['BACKUP_DIR', ' '],
    ]) {
      expect(() => loadConfig({ [key]: value })).toThrow(new RegExp(key));
    }
  });
});

describe('database pools and statement timeout', () => {
  it('defaults: pools of 20 and 10 connections, the database keeps its own statement_timeout', () => {
    expect(loadConfig({})).toMatchObject({ DB_POOL_SIZE: 20, DB_DRAFT_POOL_SIZE: 10, DB_STATEMENT_TIMEOUT_MS: 0 });
  });

  it('reads the sizes and the timeout', () => {
    expect(loadConfig({ DB_POOL_SIZE: '8', DB_DRAFT_POOL_SIZE: '4', DB_STATEMENT_TIMEOUT_MS: '9000' })).toMatchObject({
      DB_POOL_SIZE: 8,
      DB_DRAFT_POOL_SIZE: 4,
      DB_STATEMENT_TIMEOUT_MS: 9000,
    });
  });

  it.each([
    ['DB_POOL_SIZE', '1', /DB_POOL_SIZE must be at least 2/],
    ['DB_POOL_SIZE', '1001', /DB_POOL_SIZE must be at most 1000/],
    ['DB_POOL_SIZE', 'ten', /DB_POOL_SIZE must be a whole number/],
    ['DB_DRAFT_POOL_SIZE', '0', /DB_DRAFT_POOL_SIZE must be at least 2/],
    ['DB_DRAFT_POOL_SIZE', '2.5', /DB_DRAFT_POOL_SIZE must be a whole number/],
    ['DB_STATEMENT_TIMEOUT_MS', '50', /DB_STATEMENT_TIMEOUT_MS must be 0 \(off\) or at least 100/],
    ['DB_STATEMENT_TIMEOUT_MS', '600001', /DB_STATEMENT_TIMEOUT_MS must be at most 600000/],
    ['DB_STATEMENT_TIMEOUT_MS', '9s', /DB_STATEMENT_TIMEOUT_MS must be a whole number/],
  ])('%s=%s stops the start with a clear message', (key, value, message) => {
    expect(() => loadConfig({ [key]: value })).toThrow(message);
  });
});

describe('METRICS_TOKEN', () => {
  it('unset by default (metrics for this machine only); read when given', () => {
    expect(loadConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'prometheus-scrape-token-1' }).METRICS_TOKEN).toBe('prometheus-scrape-token-1');
  });

  it('a short one, or one with spaces, stops the start', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
    expect(() => loadConfig({ METRICS_TOKEN: 'has spaces in it, long enough' })).toThrow(/METRICS_TOKEN/);
  });
});

describe('every variable is documented for operators', () => {
  const names = [...new Set([...Object.keys(new AppConfig()), 'DATABASE_URL', 'ORGANIZER_TOKEN', 'METRICS_TOKEN', 'BACKUP_INTERVAL_HOURS', 'PUBLIC_URL', 'CORS_ORIGINS'])];
  const root = join(__dirname, '..', '..', '..');

  it.each([['docs/deploy.md'], ['.env.example']])('%s names each one', (file) => {
    const text = readFileSync(join(root, file), 'utf8');
    expect(names.filter((name) => !new RegExp(`\\b${name}\\b`).test(text))).toEqual([]);
  });
});
