import { createHash, timingSafeEqual } from 'node:crypto';

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/**
 * Whether a bearer token is the organizer token: the SHA-256 digests are compared in constant
 * time, so the token cannot be guessed byte by byte from timings. Used by StaffCredentials (src/staff/).
 */
export function organizerTokenMatcher(organizerToken: string): (token: string) => boolean {
  const expected = digest(organizerToken);
  return (token) => timingSafeEqual(digest(token), expected);
}
