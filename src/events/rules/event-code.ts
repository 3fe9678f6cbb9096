import { rngFor } from '../../common/random/seeded-rng';
import { EVENT_CODE_PURPOSE } from '../../common/random/stream-purposes';

/** Upper-case letters and digits that cannot be misread for each other (no 0/O, 1/I): 32 symbols. */
export const EVENT_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const EVENT_CODE_LENGTH = 6;
/** A code as typed: 6 symbols of the alphabet, any case (normalize with {@link normalizeEventCode}). */
export const EVENT_CODE_PATTERN = /^[2-9A-HJ-NP-Za-hj-np-z]{6}$/;

/**
 * The event's code candidates, in order, from its seed's `event-code` stream (replayable like every
 * random decision of the event): the first one not yet handed out becomes the code. 32^6 ≈ 10^9
 * codes, so a clash is rare and the next candidate settles it.
 */
export function* eventCodeCandidates(seed: string): Generator<string> {
  const rng = rngFor(seed, EVENT_CODE_PURPOSE);
  for (;;) {
    let code = '';
    for (let i = 0; i < EVENT_CODE_LENGTH; i++) code += EVENT_CODE_ALPHABET[rng.below(EVENT_CODE_ALPHABET.length)];
    yield code;
  }
}

/** A typed code as stored: upper case, without spaces around it. */
export function normalizeEventCode(code: string): string {
  return code.trim().toUpperCase();
}
