import { createHash, randomBytes } from 'node:crypto';

/**
 * Player tokens: 256 random bits, shown to the player once; only the SHA-256 is stored, so a
 * database leak does not hand out tokens. (A slow hash is not needed: the token is not a password
 * a person chose, it is unguessable by construction.)
 */
export function newPlayerToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashPlayerToken(token) };
}

export function hashPlayerToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match ? match[1] : null;
}
