import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { Client } from 'pg';
import type { Logger } from 'pino';

/** The superuser password every embedded cluster had before each got its own. */
export const LEGACY_PASSWORD = 'podium';

/**
 * Where the embedded cluster of `dataDir` keeps its superuser password: beside the data folder,
 * not in it (`.data/postgres` → `.data/postgres.password`), so a copy of the folder alone does
 * not carry the key and initdb's "folder must be empty" never sees it.
 */
export function clusterPasswordFile(dataDir: string): string {
  return `${dataDir}.password`;
}

/** A new password: 24 random bytes as base64url (32 characters, safe in a URL and in SQL quotes). */
export function newClusterPassword(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * Reads a password file written by writePasswordFile.
 * @throws Error when the file is empty or holds characters newClusterPassword never makes.
 */
export function readPasswordFile(file: string): string {
  const password = readFileSync(file, 'utf8').trim();
  if (!/^[A-Za-z0-9_-]{16,}$/.test(password)) throw new Error(`${file} does not hold a cluster password (expected one line of 16+ letters, digits, - or _)`);
  return password;
}

/** Writes `password` to a new owner-only file (mode 0600 from its creation: never readable by others, not even for a moment). */
function writePasswordFile(file: string, password: string): void {
  const fd = openSync(file, 'wx', 0o600);
  try {
    writeSync(fd, `${password}\n`);
  } finally {
    closeSync(fd);
  }
}

async function signsIn(port: number, user: string, password: string): Promise<boolean> {
  const client = new Client({ host: '127.0.0.1', port, user, password, database: 'postgres', connectionTimeoutMillis: 10_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return true;
  } catch (error) {
    // 28P01: wrong password. Anything else (the server is gone…) is not an answer about the password.
    if ((error as { code?: string }).code === '28P01') return false;
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The password of the running cluster on `port`, making sure it is the cluster's own one kept in
 * `file` (mode 0600). With the file present, its password. Without it (a new cluster, or one made
 * when every cluster's password was "podium"): a new random password is written to `<file>.new`,
 * set on the superuser (ALTER ROLE) while signed in with `previous`, and only then the file takes
 * its final name — a crash at any point leaves either the old password working or the new one in
 * `<file>.new`, which the next start tries first.
 * @throws Error when the cluster accepts neither `<file>.new` nor `previous`.
 */
export async function ensureClusterPassword(options: { port: number; user: string; file: string; previous: string; logger: Logger }): Promise<string> {
  const { port, user, file, logger } = options;
  if (existsSync(file)) return readPasswordFile(file);
  const pendingFile = `${file}.new`;
  if (!existsSync(pendingFile)) writePasswordFile(pendingFile, newClusterPassword());
  const pending = readPasswordFile(pendingFile);
  if (!(await signsIn(port, user, pending))) {
    if (!(await signsIn(port, user, options.previous))) {
      throw new Error(`the embedded PostgreSQL refuses its password: ${file} is missing and neither ${pendingFile} nor the old default password signs in`);
    }
    const client = new Client({ host: '127.0.0.1', port, user, password: options.previous, database: 'postgres' });
    await client.connect();
    try {
      // A utility statement takes no parameters; the password is base64url (checked on reading).
      await client.query(`ALTER ROLE "${user}" PASSWORD '${pending}'`);
    } finally {
      await client.end();
    }
    if (options.previous === LEGACY_PASSWORD) logger.info({ file }, 'embedded PostgreSQL: the superuser now has a password of its own (was the shared default)');
  }
  renameSync(pendingFile, file);
  return pending;
}
