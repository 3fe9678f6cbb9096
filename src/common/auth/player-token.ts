import { hash, randomBytes } from 'node:crypto';

/**
 * Player tokens: 256 random bits, shown to the player once; only the SHA-256 is stored, so a
 * database leak does not hand out tokens. (A slow hash is not needed: the token is not a password
 * a person chose, it is unguessable by construction.)
 */
export function newPlayerToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashPlayerToken(token) };
}

/** SHA-256 of the token, hex (64 characters); one-shot `crypto.hash`: every player request hashes its token. */
export function hashPlayerToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match ? match[1] : null;
}
