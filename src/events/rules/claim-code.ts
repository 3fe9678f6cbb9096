/**
 * Claim codes (Podium's rule, docs/rules.md, Registration): an imported player takes their seat
 * on their phone with a short code printed on the organizer's player list. 8 symbols of the event
 * code alphabet (no 0/O, 1/I), printed as `ABCD-EFGH`; typed in any case, with or without the dash
 * and spaces. 32^8 ≈ 10^12 codes, unique within the event; wrong codes count towards the client's
 * block of wrong join codes. A code works once: the player it names then holds the seat's token.
 * Pure: the randomness (crypto, the codes are secrets) is the caller's.
 */
import { DomainError } from '../../common/errors/domain-error';
import { EVENT_CODE_ALPHABET } from './event-code';

export const CLAIM_CODE_LENGTH = 8;
/** A claim code as typed: 8 symbols of the alphabet, any case, spaces and dashes anywhere. */
export const CLAIM_CODE_PATTERN = /^[\s-]*(?:[2-9A-HJ-NP-Za-hj-np-z][\s-]*){8}$/;

/**
 * CLAIM_CODE_FROM_RANDOM_BYTES: the code of 8 random bytes (each byte's low 5 bits pick one of the
 * 32 symbols: 256 is a multiple of 32, so no symbol is likelier than another).
 * @throws Error when fewer than 8 bytes are given (a programming error).
 */
export function claimCodeFrom(bytes: Uint8Array): string {
  if (bytes.length < CLAIM_CODE_LENGTH) throw new Error(`a claim code needs ${CLAIM_CODE_LENGTH} random bytes`);
  let code = '';
  for (let i = 0; i < CLAIM_CODE_LENGTH; i++) code += EVENT_CODE_ALPHABET[bytes[i] & 31];
  return code;
}

/** CLAIM_CODE_AS_TYPED: a typed code as stored — upper case, without spaces and dashes. */
export function normalizeClaimCode(typed: string): string {
  return typed.replace(/[\s-]/g, '').toUpperCase();
}

/**
 * CLAIM_CODE_WORKS_ONCE: a claim code names an entry of the event and has not been used.
 * @param entry the entry the code names (null: none in this event).
 * @throws DomainError CLAIM_CODE_INVALID (field claimCode, rule exists) for an unknown code;
 *   CLAIM_CODE_USED (field claimCode, rule once) for a code already used.
 */
export function assertClaimable<T extends { claimedAt: Date | null }>(entry: T | null): asserts entry is T {
  if (!entry) throw new DomainError('CLAIM_CODE_INVALID', 'No player of this event has that claim code', [{ field: 'claimCode', rule: 'exists', message: 'unknown claim code' }]);
  if (entry.claimedAt) {
    throw new DomainError('CLAIM_CODE_USED', 'This seat was already claimed: ask the organizer for a new link', [
      { field: 'claimCode', rule: 'once', message: 'claim code already used' },
    ]);
  }
}
