import { randomBytes, randomUUID } from 'node:crypto';
import type { StoreRole } from '../../src/common/auth/permissions';
import { hashPlayerToken } from '../../src/common/auth/player-token';
import type { TestApp } from './test-app';

/** A staff member made for a test: an account with one role in one store and an API token. */
export interface TestStaff {
  accountId: string;
  name: string;
  storeId: string;
  role: StoreRole;
  /** `Bearer pdm.…`, ready for the authorization header. */
  auth: string;
}

/** The first store (the migration's "My store", owner of everything ORGANIZER_TOKEN creates before setup). */
export async function firstStoreId(t: TestApp): Promise<string> {
  const rows = await t.prisma.$queryRaw<{ id: string }[]>`SELECT id::text AS id FROM store ORDER BY created_at, id LIMIT 1`;
  return rows[0].id;
}

/**
 * A new store row (no staff), made after every other: the first store (the oldest) stays the one
 * ORGANIZER_TOKEN acts for before setup, even though the test clock is behind the migration's time.
 */
export async function insertStore(t: TestApp, name: string): Promise<string> {
  const id = randomUUID();
  await t.prisma.$executeRaw`INSERT INTO store (id, name, created_at) SELECT ${id}::uuid, ${name}, max(created_at) + interval '1 second' FROM store`;
  return id;
}

/**
 * An account with `role` in `storeId` and an API token, inserted directly (the accounts API is
 * another branch's): the token is `pdm.` + random, stored as its SHA-256 as StaffCredentials reads it.
 */
export async function insertStaff(t: TestApp, storeId: string, role: StoreRole, name: string): Promise<TestStaff> {
  const accountId = randomUUID();
  const now = t.clock.now();
  const username = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${accountId.slice(0, 8)}`;
  await t.prisma.$executeRaw`INSERT INTO account (id, username, name, password_hash, server_owner, created_at)
    VALUES (${accountId}::uuid, ${username}, ${name}, 'not-a-password-hash', false, ${now})`;
  await t.prisma.$executeRaw`INSERT INTO staff_role (store_id, account_id, role, created_at) VALUES (${storeId}::uuid, ${accountId}::uuid, ${role}, ${now})`;
  return { accountId, name, storeId, role, auth: await insertApiToken(t, accountId) };
}

/** Another API token of an account; returns `Bearer pdm.…`. */
export async function insertApiToken(t: TestApp, accountId: string): Promise<string> {
  const token = `pdm.${randomBytes(24).toString('base64url')}`;
  await t.prisma.$executeRaw`INSERT INTO api_token (id, account_id, name, token_hash, created_at)
    VALUES (${randomUUID()}::uuid, ${accountId}::uuid, ${`test ${token.slice(4, 10)}`}, ${hashPlayerToken(token)}, ${t.clock.now()})`;
  return `Bearer ${token}`;
}
