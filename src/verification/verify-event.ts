/**
 * Independent verification of an event from its export file (event-export.types.ts): with the
 * revealed seed, regenerate every random choice by the documented derivation (docs/randomness.md,
 * src/common/random/stream-purposes.ts) against the set data pinned at creation, and compare with the
 * record. The server (GET /api/events/:id/verification) and the standalone CLI (`npm run verify`) both
 * run this. Pure: no Nest, no Prisma, no clock, no I/O.
 *
 * What is checked, in report order:
 * 1. "seedCommitment": hex SHA-256 of the seed's UTF-8 bytes equals the commitment published at creation.
 * 2. "dataVersion <CODE>": each pinned set version's data version, recomputed from the file's set data.
 * 3. Draft: "pod sizes" and "seating pod-N" (seatEvent: solo, the players by registration number;
 *    team events, whole teams alternating; on the stream "pods"); sealed: nothing to seat.
 * 4. "pack <purpose>": every pack the event must have opened, drawn again from its stream — draft
 *    `pack/pod-<p>/seat-<s>/round-<r>` (draft layout: no hero-only sheets unless keepHeroSlot), sealed
 *    `pack/player-<n>/pack-<k>` (full layout); missing, extra or relabelled packs mismatch.
 * 5. Draft: "picks pod-N" (consistency of every pick) and "pick pod-… round-… pick-… seat-…" for every
 *    bot and timeout pick, recomputed with the bot rule (verify-picks.ts).
 * Real boosters (event.packSource "physical"): only 1–3; a recorded pack is a mismatch, and so are picks.
 * Round-1 pairings are not checked yet.
 */
import { drawPack } from '../boosters/booster-generator';
import type { CompiledLayout } from '../catalog/layouts/layout-validation';
import { isValidSeed, rngFor } from '../common/random/seeded-rng';
import { seatEvent } from '../draft/rules/event-seating';
import type { PodSeating } from '../draft/rules/seating';
import { draftPackPurpose, PODS_PURPOSE, sealedPackPurpose, seedCommitment } from '../common/random/stream-purposes';
import { FORMATS } from '../events/formats';
import type { EventExport, ExportPack, ExportPod } from './event-export.types';
import { prepareSetVersions, type VersionOfPack } from './set-data';
import { compareItem, reportOf, SEED_NOT_REVEALED_ITEM, type VerificationItem, type VerificationReport } from './verification-report';
import { checkDraftPicks } from './verify-picks';

/** "seedCommitment": sha256(seed) (expected) against the published commitment (actual). */
export function checkSeedCommitment(seed: string, published: string): VerificationItem {
  return compareItem(
    'seedCommitment',
    seedCommitment(seed),
    published,
    'the SHA-256 of the revealed seed is not the commitment published at creation: this is not the committed seed',
  );
}

const bySeat = (pod: ExportPod) => [...pod.seats].sort((a, b) => a.seat - b.seat).map((s) => s.playerId);

/**
 * "pod sizes" and one "seating pod-N" per pod: the pods recomputed from the players (by registration
 * number; late entries after round 1 left out, they came after the seating) — team events: from the teams (by team number) and their members — and the event's
 * fillWithBots, seated from the stream "pods" (event-seating.ts); each seating as the list of player
 * ids by seat (null = bot), after the organizer's recorded seat swaps (`seatSwaps`, in order).
 */
export function checkSeating(file: EventExport, seed: string): VerificationItem[] {
  // A late entry after round 1 came after the pods were seated: the seating never had them.
  const byNumber = file.players.filter((p) => p.firstRound === undefined).sort((a, b) => a.number - b.number);
  const teamSize = file.event.teamSize ?? null;
  const teamNumbers = [...new Set(byNumber.map((p) => p.teamNumber).filter((n): n is number => typeof n === 'number'))].sort((a, b) => a - b);
  const input = {
    fillWithBots: file.event.fillWithBots,
    teamSize,
    players: byNumber.map((p) => p.playerId),
    teams: teamNumbers.map((n) => byNumber.filter((p) => p.teamNumber === n).map((p) => p.playerId)),
  };
  const pods = [...file.pods].sort((a, b) => a.number - b.number);
  const recordedSizes = pods.map((p) => p.seats.length);
  let seating: PodSeating<string>[];
  try {
    seating = seatEvent(input, rngFor(seed, PODS_PURPOSE));
  } catch (error) {
    const what = teamSize === null ? `${byNumber.length} players` : `${input.teams.length} teams of ${teamSize}`;
    return [{ item: 'pod sizes', status: 'mismatch', actual: recordedSizes, message: `${what} cannot be split into pods: ${(error as Error).message}` }];
  }
  // The organizer's seat swaps before picking: the seats as played are the seed's with each pair traded.
  for (const swap of file.seatSwaps ?? []) {
    const at = (id: string) => seating.flatMap((s, p) => s.seats.map((x, i) => (x === id ? [p, i] : null))).find((x) => x !== null);
    const a = at(swap.playerA);
    const b = at(swap.playerB);
    if (!a || !b) continue;
    seating[a[0]].seats[a[1]] = swap.playerB;
    seating[b[0]].seats[b[1]] = swap.playerA;
  }
  const items = [
    compareItem(
      'pod sizes',
      seating.map((s) => s.seats.length),
      recordedSizes,
      'the pods do not have the sizes the rules give for this many players',
    ),
  ];
  for (const { pod, seats } of seating) {
    const recorded = pods.find((p) => p.number === pod);
    items.push(
      compareItem(`seating pod-${pod}`, seats, recorded ? bySeat(recorded) : null, recorded ? 'the players do not sit where the seed seats them' : `pod ${pod} is missing`),
    );
  }
  for (const extra of pods.filter((p) => p.number > seating.length || p.number < 1)) {
    items.push({ item: `seating pod-${extra.number}`, status: 'mismatch', actual: bySeat(extra), message: `the event should have ${seating.length} pod(s)` });
  }
  return items;
}

/**
 * "pack <purpose>": the pack drawn again from `seed + "/" + purpose` (expected) against the recorded cards.
 * Mismatch when the pack is missing or recorded under another purpose; unverifiable without usable set data.
 */
export function checkPack(purpose: string, recorded: ExportPack | undefined, seed: string, compiled: CompiledLayout | undefined): VerificationItem {
  const item = `pack ${purpose}`;
  const expected = compiled ? drawPack(compiled, rngFor(seed, purpose)) : undefined;
  if (!recorded) return { item, status: 'mismatch', expected, message: 'the pack is missing from the record' };
  if (!expected) return { item, status: 'unverifiable', actual: recorded.cards, message: 'no usable set data for this pack number' };
  if (recorded.purpose !== purpose) {
    return { item, status: 'mismatch', expected, actual: recorded.cards, message: `recorded as drawn from "${recorded.purpose}", but this pack's stream is "${purpose}"` };
  }
  return compareItem(item, expected, recorded.cards, 'the recorded cards are not the pack the seed opens');
}

/** A mismatch per recorded pack that no expected pack claimed. */
function unexpectedPacks(packs: readonly ExportPack[], claimed: Set<ExportPack>, why: string): VerificationItem[] {
  return packs.filter((p) => !claimed.has(p)).map((p) => ({ item: `pack ${p.purpose}`, status: 'mismatch' as const, actual: p.cards, message: why }));
}

/**
 * Every draft pack: for each recorded pod, each round of the pinned sequence and each seat, the pack
 * that seat opened (checkPack on `pack/pod-<p>/seat-<s>/round-<r>`), plus packs the event should not have.
 */
export function checkDraftPacks(file: EventExport, seed: string, versionOf: VersionOfPack): VerificationItem[] {
  const index = new Map(file.packs.filter((p) => p.podNumber !== null).map((p) => [`${p.podNumber}/${p.seat}/${p.packNumber}`, p]));
  const claimed = new Set<ExportPack>();
  const items: VerificationItem[] = [];
  for (const pod of [...file.pods].sort((a, b) => a.number - b.number)) {
    for (let round = 1; round <= file.pinnedPacks.length; round++) {
      for (let seat = 0; seat < pod.seats.length; seat++) {
        const recorded = index.get(`${pod.number}/${seat}/${round}`);
        if (recorded) claimed.add(recorded);
        items.push(checkPack(draftPackPurpose(pod.number, seat, round), recorded, seed, versionOf(round)?.compiled));
      }
    }
  }
  return [...items, ...unexpectedPacks(file.packs, claimed, 'a pack of no pod, seat and round of the event')];
}

/**
 * Every sealed pool: for each player (by number) and each pack of the pinned sequence, the pack
 * `pack/player-<number>/pack-<k>` (checkPack), plus packs the event should not have.
 */
export function checkSealedPacks(file: EventExport, seed: string, versionOf: VersionOfPack): VerificationItem[] {
  const index = new Map(file.packs.filter((p) => p.playerId !== null).map((p) => [`${p.playerId}/${p.packNumber}`, p]));
  const claimed = new Set<ExportPack>();
  const items: VerificationItem[] = [];
  for (const player of [...file.players].sort((a, b) => a.number - b.number)) {
    for (let k = 1; k <= file.pinnedPacks.length; k++) {
      const recorded = index.get(`${player.playerId}/${k}`);
      if (recorded) claimed.add(recorded);
      items.push(checkPack(sealedPackPurpose(player.number, k), recorded, seed, versionOf(k)?.compiled));
    }
  }
  return [...items, ...unexpectedPacks(file.packs, claimed, 'a pack of no registered player and pack number of the event')];
}

/**
 * Verifies an event export (see the file comment for the checks and their item names).
 * @param file a parsed export (parseEventExport checks the structure of untrusted text).
 * @returns the report: ok when the seed is revealed and nothing mismatches. Without a revealed seed it
 *   holds the single item "seed not revealed" (unverifiable) and ok is false. A seed that cannot name
 *   streams (empty, too long or containing "/") adds a "seed" mismatch and stops after the commitment.
 *   With a seed that does not match its commitment every regenerated item is still reported: they show
 *   what that seed would have produced.
 */
export function verifyEvent(file: EventExport): VerificationReport {
  const { seed, seedCommitment: published } = file.event;
  if (seed === null) {
    return reportOf([
      { item: SEED_NOT_REVEALED_ITEM, status: 'unverifiable', message: 'the organizer reveals the seed once the event is complete; nothing can be regenerated before' },
    ]);
  }
  const items: VerificationItem[] = [checkSeedCommitment(seed, published)];
  if (!isValidSeed(seed)) {
    items.push({ item: 'seed', status: 'mismatch', actual: seed, message: 'not a valid seed (1–256 characters without "/"): no stream can be derived from it' });
    return reportOf(items);
  }
  const versionOf = prepareSetVersions(file, items);
  const format = FORMATS[file.event.format];
  if (file.event.packSource === 'physical') {
    // Real boosters were opened at the table: the seating is the only random choice to regenerate;
    // any recorded pack or pick is one the event should not have.
    if (format.seatingReplayed) items.push(...checkSeating(file, seed));
    items.push(...unexpectedPacks(file.packs, new Set(), 'an event of real boosters opens no pack in Podium'));
    if (file.picks.length > 0) items.push({ item: 'picks', status: 'mismatch', actual: file.picks.length, message: 'an event of real boosters records no pick' });
  } else {
    // A format that drafts opens packs per seat and round and records picks; any other opens each player's packs.
    if (format.seatingReplayed) items.push(...checkSeating(file, seed));
    if (format.drafts) items.push(...checkDraftPacks(file, seed, versionOf), ...checkDraftPicks(file, seed, versionOf));
    else items.push(...checkSealedPacks(file, seed, versionOf));
  }
  return reportOf(items);
}
