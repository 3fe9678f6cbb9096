import { backupIntervalHours, ConfigError, loadConfig } from './app-config';

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
