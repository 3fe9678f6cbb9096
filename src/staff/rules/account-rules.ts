import type { StoreRole } from '../../common/auth/permissions';

/**
 * Rules of staff accounts: usernames, passwords, how long sessions and links live, and the
 * sign-in lockout. Pure: no Nest, no database, no clock (times are passed in).
 */

/** Usernames: 3–40 characters of a–z, 0–9, `.`, `_`, `-`, kept lower-case (input is lower-cased first). */
export const USERNAME_PATTERN = /^[a-z0-9._-]{3,40}$/;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 40;
/** Passwords: 10–200 characters (length is what makes a password strong; 200 keeps argon2's input bounded). */
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;
/** Display names of accounts and stores: as long as the console shows. */
export const ACCOUNT_NAME_MAX = 80;
export const STORE_NAME_MAX = 80;
export const API_TOKEN_NAME_MAX = 80;

const DAY_MS = 24 * 60 * 60 * 1000;
/** A signed-in browser stays signed in for 7 days from sign-in (not sliding: a stolen cookie dies on its own). */
export const SESSION_LIFETIME_MS = 7 * DAY_MS;
/** Invites and the setup link are good for 7 days. */
export const INVITE_LIFETIME_MS = 7 * DAY_MS;
/** An API token's last_used_at is written at most once a minute (a script's every request would otherwise write). */
export const API_TOKEN_TOUCH_MS = 60_000;

/** The input as a username is stored: trimmed and lower-cased (non-strings pass through for validation to refuse). */
export function normalizeUsername(value: unknown): unknown {
  return typeof value === 'string' ? value.trim().toLowerCase() : value;
}

/** Whether a (normalized) username keeps the username rule. */
export function isValidUsername(username: string): boolean {
  return USERNAME_PATTERN.test(username);
}

/**
 * Sign-in lockout: failed sign-ins (and wrong current passwords) are counted in fixed windows of
 * 15 minutes, per account (10 failures) and per client address (50: a store's machines may share
 * one address). The failure that reaches a limit refuses every sign-in of that account (or from
 * that address) for 15 minutes, right password or not, then the count starts again: a lockout
 * ends by itself and never blocks the right password for longer than 15 minutes.
 */
export const LOGIN_LOCKOUT = {
  account: { name: 'loginAccount', windowMs: 15 * 60_000, blockAt: 10, blockMs: 15 * 60_000 },
  address: { name: 'loginAddress', windowMs: 15 * 60_000, blockAt: 50, blockMs: 15 * 60_000 },
} as const;

/** The rate-limit keys a sign-in attempt is counted under: the account's (by username, known or not) and the client address's. */
export function loginLimitKeys(username: string, clientAddress: string): { account: string; address: string } {
  return { account: `login|account|${username}`, address: `login|address|${clientAddress}` };
}

/**
 * Whether a store keeps an owner after one staff member's role changes (`newRole`) or they leave
 * (`newRole` null). `roles` are the store's staff before the change.
 */
export function keepsAnOwner(roles: ReadonlyArray<{ accountId: string; role: StoreRole }>, accountId: string, newRole: StoreRole | null): boolean {
  return roles.some((r) => (r.accountId === accountId ? newRole === 'owner' : r.role === 'owner'));
}

/** When a lockout of `rule` that started at `blockedAt` ends (the window is fixed, the block lasts blockMs). */
export function lockoutEndsAt(blockedAt: Date, rule: { blockMs: number }): Date {
  return new Date(blockedAt.getTime() + rule.blockMs);
}
