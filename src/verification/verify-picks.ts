/**
 * Draft picks, replayed from the record alone (no clock): the pack in front of a seat at pick p of
 * round r is the pack its opener opened minus the picks 1..p−1 made from it (pass-direction.ts
 * tells who held it), whenever those picks were made. Bot picks, and timeout picks without a
 * preselected card, are then recomputed with the bot rule (src/draft/rules/bot-pick.ts) on their own
 * stream. Pure: no Nest, no Prisma.
 */
import { rngFor } from '../common/random/seeded-rng';
import { botPick, type BotCard } from '../draft/rules/bot-pick';
import { openerOfPackAt, seatHolding } from '../draft/rules/pass-direction';
import { botPickPurpose } from '../common/random/stream-purposes';
import type { EventExport, ExportPick, ExportPod } from './event-export.types';
import type { VersionOfPack } from './set-data';
import type { VerificationItem } from './verification-report';

/** At most this many problems are spelled out in a "picks pod-N" item's message. */
const PROBLEMS_SHOWN = 5;

/** States in which a draft is over, so that every card of every pack must have been picked. */
const DRAFT_OVER_STATES = new Set(['building', 'playing', 'complete']);

/** One pod's record, indexed. */
interface PodRecord {
  number: number;
  seats: number;
  /** Seats without a player (bots). */
  botSeats: Set<number>;
  /** Opened cards by `${round}/${opener}`. */
  packs: Map<string, string[]>;
  /** Picks by `${round}/${seat}/${pickNumber}`. */
  picks: Map<string, ExportPick>;
}

const pickKey = (round: number, seat: number, pickNumber: number) => `${round}/${seat}/${pickNumber}`;

/** The item name of one pick: "pick pod-1 round-2 pick-5 seat-3". */
export function pickItemName(pick: Pick<ExportPick, 'podNumber' | 'packNumber' | 'pickNumber' | 'seat'>): string {
  return `pick pod-${pick.podNumber} round-${pick.packNumber} pick-${pick.pickNumber} seat-${pick.seat}`;
}

/** Indexes a pod's packs and picks; picks outside the pod or repeating a key become problems. */
function indexPod(file: EventExport, pod: ExportPod, problems: string[]): PodRecord {
  const seats = pod.seats.length;
  const rounds = file.pinnedPacks.length;
  const packs = new Map<string, string[]>();
  for (const p of file.packs) if (p.podNumber === pod.number && p.seat !== null) packs.set(`${p.packNumber}/${p.seat}`, p.cards);
  const picks = new Map<string, ExportPick>();
  for (const pick of file.picks) {
    if (pick.podNumber !== pod.number) continue;
    const key = pickKey(pick.packNumber, pick.seat, pick.pickNumber);
    if (pick.seat < 0 || pick.seat >= seats || pick.packNumber < 1 || pick.packNumber > rounds || pick.pickNumber < 1) {
      problems.push(`${pickItemName(pick)} is outside the pod's seats, rounds or pick numbers`);
    } else if (picks.has(key)) {
      problems.push(`${pickItemName(pick)} is recorded twice`);
    } else {
      picks.set(key, pick);
    }
  }
  return { number: pod.number, seats, botSeats: new Set(pod.seats.filter((s) => s.playerId === null).map((s) => s.seat)), packs, picks };
}

/**
 * The cards in front of the pick's seat when it picked: the opener's pack minus one copy of each
 * earlier pick from it, in opened order; or why that cannot be known.
 */
function packInFront(pod: PodRecord, pick: ExportPick): { cards: string[] } | { unknown: string } {
  const { packNumber: round, pickNumber, seat } = pick;
  const opener = openerOfPackAt(seat, round, pickNumber, pod.seats);
  const opened = pod.packs.get(`${round}/${opener}`);
  if (!opened) return { unknown: `the pack seat ${opener} opened in round ${round} is missing` };
  const left = [...opened];
  for (let q = 1; q < pickNumber; q++) {
    const holder = seatHolding(opener, round, q, pod.seats);
    const earlier = pod.picks.get(pickKey(round, holder, q));
    if (!earlier) return { unknown: `pick ${q} from that pack (seat ${holder}) is missing` };
    const at = left.indexOf(earlier.cardId);
    if (at >= 0) left.splice(at, 1);
  }
  return { cards: left };
}

/** The seat's picks before this one, by round then pick number (what the bot rule counts as "picked"). */
function earlierPicksOf(pod: PodRecord, pick: ExportPick): ExportPick[] {
  return [...pod.picks.values()]
    .filter((p) => p.seat === pick.seat && (p.packNumber < pick.packNumber || (p.packNumber === pick.packNumber && p.pickNumber < pick.pickNumber)))
    .sort((a, b) => a.packNumber - b.packNumber || a.pickNumber - b.pickNumber);
}

/** The card as the bot sees it (rarity, type, attributes from the pinned version of its round). */
function botCardOf(cardId: string, round: number, versionOf: VersionOfPack): BotCard {
  const card = versionOf(round)?.cards.get(cardId);
  return card ? { cardId, rarity: card.rarity, type: card.type, attributes: card.attributes } : { cardId, rarity: 'unknown', type: 'unknown' };
}

/**
 * Recomputes a bot or timeout pick: `botPick(pack in front, earlier picks, rngFor(seed, botPickPurpose(…)))`.
 * - equal to the record: match;
 * - a timeout pick of another card that was in the pack: unverifiable (the player's preselected card, which is private);
 * - otherwise: mismatch.
 */
function checkAutomaticPick(pod: PodRecord, pick: ExportPick, inFront: string[], seed: string, versionOf: VersionOfPack): VerificationItem {
  const item = pickItemName(pick);
  if (!versionOf(pick.packNumber)) return { item, status: 'unverifiable', actual: pick.cardId, message: `no usable set data for round ${pick.packNumber}` };
  if (inFront.length === 0) return { item, status: 'mismatch', actual: pick.cardId, message: 'the pack in front of the seat was already empty' };
  const pack = inFront.map((id) => botCardOf(id, pick.packNumber, versionOf));
  const picked = earlierPicksOf(pod, pick).map((p) => botCardOf(p.cardId, p.packNumber, versionOf));
  const expected = botPick(pack, picked, rngFor(seed, botPickPurpose(pod.number, pick.seat, pick.packNumber, pick.pickNumber)));
  if (expected === pick.cardId) return { item, status: 'match', expected, actual: pick.cardId };
  const wasInPack = inFront.includes(pick.cardId);
  if (pick.source === 'timeout' && wasInPack) {
    return {
      item,
      status: 'unverifiable',
      expected,
      actual: pick.cardId,
      message: 'timeout pick of another card than the bot rule chooses: the player’s preselected card (preselects are private)',
    };
  }
  const why = wasInPack
    ? `the ${pick.source} pick differs from the card the bot rule chooses`
    : `the ${pick.source} pick took a card that was not in the pack in front of the seat`;
  return { item, status: 'mismatch', expected, actual: pick.cardId, message: why };
}

/**
 * Checks one pod's picks:
 * - one item "pick pod-… round-… pick-… seat-…" per bot or timeout pick (checkAutomaticPick);
 * - one item "picks pod-N": every recorded pick is in range, unique, took a card that was in the pack in
 *   front of its seat, has a known source (player picks only at a player's seat), and — once the draft
 *   is over — every card of every pack was picked. Mismatch lists the first problems.
 */
export function checkPodPicks(file: EventExport, pod: ExportPod, seed: string, versionOf: VersionOfPack): VerificationItem[] {
  const problems: string[] = [];
  const record = indexPod(file, pod, problems);
  const automatic: VerificationItem[] = [];
  const ordered = [...record.picks.values()].sort((a, b) => a.packNumber - b.packNumber || a.pickNumber - b.pickNumber || a.seat - b.seat);
  for (const pick of ordered) {
    const inFront = packInFront(record, pick);
    const automaticPick = pick.source === 'bot' || pick.source === 'timeout';
    if ('unknown' in inFront) {
      if (automaticPick) automatic.push({ item: pickItemName(pick), status: 'unverifiable', actual: pick.cardId, message: inFront.unknown });
      else problems.push(`${pickItemName(pick)}: ${inFront.unknown}`);
      continue;
    }
    if (!inFront.cards.includes(pick.cardId)) problems.push(`${pickItemName(pick)} took ${pick.cardId}, which was not in the pack in front of the seat`);
    if (automaticPick) automatic.push(checkAutomaticPick(record, pick, inFront.cards, seed, versionOf));
    else if (pick.source !== 'player') problems.push(`${pickItemName(pick)} has an unknown source "${pick.source}"`);
    else if (record.botSeats.has(pick.seat)) problems.push(`${pickItemName(pick)} is a player pick at a bot seat`);
    // A bot seat has no player: nobody to preselect a card or to let a timer run out.
    if (pick.source === 'timeout' && record.botSeats.has(pick.seat)) problems.push(`${pickItemName(pick)} is a timeout pick at a bot seat`);
  }
  const cards = [...record.packs.values()].reduce((sum, p) => sum + p.length, 0);
  if (DRAFT_OVER_STATES.has(file.event.state) && record.picks.size < cards) {
    problems.push(`${cards - record.picks.size} of the pod's ${cards} cards were never picked, although the draft is over`);
  }
  const summary: VerificationItem =
    problems.length === 0
      ? { item: `picks pod-${pod.number}`, status: 'match', message: `${record.picks.size} picks, each from the pack in front of its seat` }
      : {
          item: `picks pod-${pod.number}`,
          status: 'mismatch',
          message: problems.slice(0, PROBLEMS_SHOWN).join('; ') + (problems.length > PROBLEMS_SHOWN ? ` (and ${problems.length - PROBLEMS_SHOWN} more)` : ''),
        };
  return [summary, ...automatic];
}

/**
 * Checks every pod's picks (checkPodPicks) and reports picks of pods that do not exist
 * ("picks pod-N", mismatch).
 */
export function checkDraftPicks(file: EventExport, seed: string, versionOf: VersionOfPack): VerificationItem[] {
  const pods = [...file.pods].sort((a, b) => a.number - b.number);
  const items = pods.flatMap((pod) => checkPodPicks(file, pod, seed, versionOf));
  const known = new Set(pods.map((p) => p.number));
  const orphans = new Set(file.picks.filter((p) => !known.has(p.podNumber)).map((p) => p.podNumber));
  for (const number of orphans) items.push({ item: `picks pod-${number}`, status: 'mismatch', message: `picks of pod ${number}, which the event does not have` });
  return items;
}
