/**
 * The names of every random stream of an event (docs/randomness.md; "one seed, many independent
 * streams"; docs/randomness.md). The draft service and an independent verifier build the same
 * strings here, each read with `rngFor(eventSeed, purpose)`. Numbers are decimal without leading zeros.
 * Changing a name changes the outcome of every past seed: version the derivation first.
 */
import { createHash } from 'node:crypto';

/** Seating: one stream shuffles all entrants into pods (seating.ts). */
export const PODS_PURPOSE = 'pods';

function n(name: string, value: number, min: number): number {
  if (!Number.isSafeInteger(value) || value < min) throw new RangeError(`${name}: integer ≥ ${min} expected, got ${value}`);
  return value;
}

/**
 * The draft pack opened by a seat: `pack/pod-<p>/seat-<s>/round-<r>`.
 * @param pod 1-based pod number (seating.ts). @param seat the seat index 0..n-1 of the draft rules.
 * @param round the pack number, 1-based.
 */
export function draftPackPurpose(pod: number, seat: number, round: number): string {
  return `pack/pod-${n('pod', pod, 1)}/seat-${n('seat', seat, 0)}/round-${n('round', round, 1)}`;
}

/**
 * A sealed pool's booster: `pack/player-<playerNumber>/pack-<k>`.
 * @param playerNumber the player's 1-based number in the event. @param pack 1-based booster of the pool.
 */
export function sealedPackPurpose(playerNumber: number, pack: number): string {
  return `pack/player-${n('playerNumber', playerNumber, 1)}/pack-${n('pack', pack, 1)}`;
}

/**
 * The tie-break of a bot's pick or a timed-out player's automatic pick (bot-pick.ts):
 * `bot/pod-<p>/seat-<s>/round-<r>/pick-<k>`. One stream per pick, so a retry recomputes the same card.
 * @param pod 1-based. @param seat 0..n-1. @param round pack number, 1-based. @param pick pick number, 1-based.
 */
export function botPickPurpose(pod: number, seat: number, round: number, pick: number): string {
  return `bot/pod-${n('pod', pod, 1)}/seat-${n('seat', seat, 0)}/round-${n('round', round, 1)}/pick-${n('pick', pick, 1)}`;
}

/**
 * Swiss pairing randomness of a round: `pairing/round-<r>` (round 1 is random; later rounds use
 * theirs only to choose among equals, e.g. the bye). The organizer's k-th re-pair of that round
 * (docs/rules.md "Pairing corrections") draws from `pairing/round-<r>/repair-<k>`, so a re-pair gives
 * new pairings and is still reproducible from the seed.
 * @param repair 0 for the round as first paired, k ≥ 1 for its k-th re-pair.
 */
export function pairingPurpose(round: number, repair = 0): string {
  const base = `pairing/round-${n('round', round, 1)}`;
  return n('repair', repair, 0) === 0 ? base : `${base}/repair-${repair}`;
}

/**
 * The commitment published before anything random happens: lower-case hex SHA-256 of the seed's
 * UTF-8 bytes (64 characters). Revealing the seed afterwards lets anyone check it.
 */
export function seedCommitment(seed: string): string {
  return createHash('sha256').update(seed, 'utf8').digest('hex');
}

/** The event's short public code: drawn from this stream, the next draw when a code is taken (event-code.ts). */
export const EVENT_CODE_PURPOSE = 'event-code';
