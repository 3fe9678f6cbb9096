/**
 * The state of a pod's draft, derived from its picks alone (docs/rules.md, "Draft state is
 * the set of picks; everything else is derived"). Rules:
 * - round (pack number) r opens only when every pick of round r−1 exists (n × packSize picks);
 * - seat s can make pick p of round r when the pack opened by `openerOfPackAt(s, r, p, n)` has had
 *   exactly p−1 picks. A fast seat whose next pack has already arrived picks without waiting for the
 *   table; a seat whose upstream neighbour has not passed yet is waiting. Packs that have reached a
 *   seat before it picked form its queue: no queue is stored, it falls out of the picks.
 * Cost: linear in the picks plus the draft's size (seats × cards per round), one pass each; a pod
 * here is at most 8 seats × 4 packs × 19 cards.
 */
import { openerOfPackAt, seatHolding } from './pass-direction';

/** One stored pick: seat (0..n-1) took `cardId` as pick `pickNumber` (1-based) of pack `packNumber` (round, 1-based). */
export interface DraftPick {
  packNumber: number;
  pickNumber: number;
  seat: number;
  cardId: string;
}

/**
 * The cards of each pack as opened, in a fixed order: a function `(opener, packNumber) → cardIds`
 * or an array `[packNumber − 1][opener]`. Card ids may repeat (two copies of a common). Only packs of
 * rounds already open are read, so a function may generate them lazily.
 */
export type PackSource = ((opener: number, packNumber: number) => readonly string[]) | readonly (readonly (readonly string[])[])[];

export interface DraftInput {
  /** Seats in the pod, n ≥ 1 (bots included). */
  seats: number;
  /** Cards per pack of each round: `packSizes[r − 1]` for pack number r; its length is the number of rounds. */
  packSizes: readonly number[];
  packs: PackSource;
  /** Every pick made so far, in any order. */
  picks: readonly DraftPick[];
}

/** What one seat sees now. */
export interface SeatDraftState {
  seat: number;
  /** The pack number (round) being drafted: the pod's round. */
  packNumber: number;
  /** The seat's next pick in this round (1-based); null once it made every pick of the round (or the draft is over). */
  pickNumber: number | null;
  /** Opener of the pack for that pick; null with pickNumber. */
  opener: number | null;
  /** True when that pack is in front of the seat now, so it can pick. */
  hasPack: boolean;
  /** Cards still in that pack, in opened order; empty unless hasPack (a pack on its way stays hidden). */
  cards: string[];
  /** Packs that have reached the seat and wait for its picks, this one included; 0 unless hasPack. */
  queued: number;
  /** The pick that passed this pack to the seat (null for pick 1, which the seat opened itself, or without a pack). */
  deliveredBy: DraftPick | null;
  /** When the next pack has not arrived: the seat holding it now (the one this seat waits for); else null. */
  waitingOn: number | null;
  /** Every pick of the seat so far, by pack number then pick number. */
  picks: DraftPick[];
}

export interface DraftState {
  seats: number;
  packSizes: readonly number[];
  /** The open round (pack number), 1..R; R once the draft is complete. */
  round: number;
  /** Rounds whose every pick exists (round r is complete iff completedRounds ≥ r); R when complete. */
  completedRounds: number;
  complete: boolean;
  /** Picks made in the open round, and how many it needs (n × packSize). */
  roundPicks: number;
  roundPickTotal: number;
  seatStates: SeatDraftState[];
}

/** Why a pick is refused (the caller maps each to a 409 domain error). */
export type PickRejectionCode = 'PICK_ALREADY_MADE' | 'CARD_NOT_IN_PACK' | 'PACK_NOT_ARRIVED' | 'DRAFT_COMPLETE';

export type PickCheck =
  | { ok: true; opener: number }
  /** The very same pick is already stored (a retry): answer with the stored pick. */
  | { ok: 'replay'; pick: DraftPick }
  | { ok: false; code: PickRejectionCode; message: string };

function packReader(packs: PackSource): (opener: number, packNumber: number) => readonly string[] {
  return typeof packs === 'function' ? packs : (opener, packNumber) => packs[packNumber - 1]?.[opener];
}

function inconsistent(message: string): RangeError {
  return new RangeError(`Inconsistent draft: ${message}`);
}

function isIndex(x: unknown, from: number, to: number): x is number {
  return Number.isSafeInteger(x) && (x as number) >= from && (x as number) <= to;
}

/** `bySeat[r − 1][s][p − 1]`: the pick of seat s at pick p of round r, checking ranges and duplicates. */
function indexPicks(input: DraftInput): (DraftPick | undefined)[][][] {
  const { seats: n, packSizes } = input;
  // Filled, not sparse: array methods skip holes, and a missing pick must be seen as one.
  const bySeat = packSizes.map((size) => Array.from({ length: n }, () => new Array<DraftPick | undefined>(size).fill(undefined)));
  for (const pick of input.picks) {
    const { packNumber: r, pickNumber: p, seat: s } = pick;
    if (!isIndex(r, 1, packSizes.length) || !isIndex(s, 0, n - 1) || !isIndex(p, 1, packSizes[r - 1]) || typeof pick.cardId !== 'string') {
      throw inconsistent(`pick ${JSON.stringify(pick)} is outside the pod's seats, packs or pick numbers`);
    }
    if (bySeat[r - 1][s][p - 1]) throw inconsistent(`seat ${s} has two picks ${p} in pack ${r}`);
    bySeat[r - 1][s][p - 1] = pick;
  }
  return bySeat;
}

/** Cards of `opened` minus the picked ones (one copy per pick), in opened order; throws if a pick is not in it. */
function remainingCards(opened: readonly string[], picked: readonly DraftPick[], where: string): string[] {
  const taken = new Map<string, number>();
  for (const pick of picked) taken.set(pick.cardId, (taken.get(pick.cardId) ?? 0) + 1);
  const left: string[] = [];
  for (const card of opened) {
    const t = taken.get(card) ?? 0;
    if (t > 0) taken.set(card, t - 1);
    else left.push(card);
  }
  for (const [card, t] of taken) if (t > 0) throw inconsistent(`${where}: ${card} was picked more often than the pack held it`);
  return left;
}

/** One round's packs: picks made from each pack (a prefix 1..m, checked) and cards still in it. */
function derivePacks(input: DraftInput, round: number, bySeat: (DraftPick | undefined)[][], read: ReturnType<typeof packReader>) {
  const { seats: n } = input;
  const size = input.packSizes[round - 1];
  return Array.from({ length: n }, (_, opener) => {
    const opened = read(opener, round);
    if (!Array.isArray(opened) || opened.length !== size) throw inconsistent(`pack ${round} of seat ${opener} must hold ${size} cards`);
    const picked: DraftPick[] = [];
    for (let q = 1; q <= size; q++) {
      const pick = bySeat[seatHolding(opener, round, q, n)][q - 1];
      if (!pick) continue;
      if (picked.length !== q - 1) throw inconsistent(`pick ${q} of pack ${round} opened by seat ${opener} came before pick ${picked.length + 1}`);
      picked.push(pick);
    }
    return { picked, cards: remainingCards(opened, picked, `pack ${round} of seat ${opener}`) };
  });
}

function validateShape(input: DraftInput): void {
  if (!isIndex(input.seats, 1, Number.MAX_SAFE_INTEGER)) throw new RangeError(`seats: positive integer expected, got ${input.seats}`);
  if (input.packSizes.length === 0 || !input.packSizes.every((s) => isIndex(s, 1, Number.MAX_SAFE_INTEGER))) {
    throw new RangeError('packSizes: at least one round with a positive integer pack size expected');
  }
}

/**
 * Derives the pod's draft state from its picks.
 * @param input seats, pack sizes per round, packs as opened and every pick so far (any order).
 * @returns the open round, completion, and for each seat its next pick, the pack in front of it (if
 *   any), its queue and its picks so far.
 * @throws RangeError when the input is malformed or the picks contradict the rules (a pick outside the
 *   pod, two picks with one key, a pick before its pack arrived or before its round opened, a card not
 *   in its pack, a pack of the wrong size): stored picks that only checkPick admitted never do.
 */
export function deriveDraftState(input: DraftInput): DraftState {
  validateShape(input);
  const { seats: n, packSizes } = input;
  const rounds = packSizes.length;
  const bySeat = indexPicks(input);
  const countIn = (r: number) => bySeat[r - 1].reduce((sum, seat) => sum + seat.filter(Boolean).length, 0);

  let round = 1;
  while (round < rounds && countIn(round) === n * packSizes[round - 1]) round++;
  for (let r = round + 1; r <= rounds; r++) if (countIn(r) > 0) throw inconsistent(`picks of pack ${r} exist before pack ${round} is over`);
  const roundPicks = countIn(round);
  const roundPickTotal = n * packSizes[round - 1];
  const complete = round === rounds && roundPicks === roundPickTotal;

  const read = packReader(input.packs);
  let packs: ReturnType<typeof derivePacks> = [];
  for (let r = 1; r <= round; r++) packs = derivePacks(input, r, bySeat[r - 1], read); // validates every opened round
  const current = bySeat[round - 1];
  const size = packSizes[round - 1];
  const arrived = (seat: number, p: number) => packs[openerOfPackAt(seat, round, p, n)].picked.length === p - 1;

  const seatStates = Array.from({ length: n }, (_, seat): SeatDraftState => {
    const made = current[seat].filter(Boolean).length;
    if (current[seat].slice(0, made).some((x) => !x)) throw inconsistent(`seat ${seat} skipped a pick in pack ${round}`);
    const picks: DraftPick[] = [];
    for (let r = 0; r < round; r++) for (const pick of bySeat[r][seat]) if (pick) picks.push(pick); // (flatMap is ~15× slower in V8)
    const base = { seat, packNumber: round, picks, cards: [] as string[], queued: 0, deliveredBy: null, waitingOn: null };
    if (complete || made === size) return { ...base, pickNumber: null, opener: null, hasPack: false };
    const pickNumber = made + 1;
    const opener = openerOfPackAt(seat, round, pickNumber, n);
    const pack = packs[opener];
    if (!arrived(seat, pickNumber)) {
      return { ...base, pickNumber, opener, hasPack: false, waitingOn: seatHolding(opener, round, pack.picked.length + 1, n) };
    }
    let queued = 1;
    while (pickNumber + queued <= size && arrived(seat, pickNumber + queued)) queued++;
    const deliveredBy = pickNumber > 1 ? pack.picked[pickNumber - 2] : null;
    return { ...base, pickNumber, opener, hasPack: true, cards: pack.cards, queued, deliveredBy };
  });

  return { seats: n, packSizes, round, completedRounds: complete ? rounds : round - 1, complete, roundPicks, roundPickTotal, seatStates };
}

/**
 * Whether `seat` may now take `cardId` as pick `pickNumber` of pack `packNumber`, in this order:
 * 1. the seat already made that pick: with the same card `{ ok: 'replay', pick }` (a retry: return the
 *    stored pick), with another card PICK_ALREADY_MADE;
 * 2. the draft is over: DRAFT_COMPLETE;
 * 3. (packNumber, pickNumber) is not the seat's next pick, or its pack has not reached the seat yet
 *    (the upstream seat has not passed it, or the round has not opened): PACK_NOT_ARRIVED;
 * 4. the card is not among the cards left in that pack: CARD_NOT_IN_PACK;
 * otherwise `{ ok: true, opener }`, the opener of the pack the card leaves.
 * @throws RangeError when the seat is not a seat of the pod (a caller's bug).
 */
export function checkPick(state: DraftState, attempt: { seat: number; packNumber: number; pickNumber: number; cardId: string }): PickCheck {
  const { seat } = attempt;
  if (!isIndex(seat, 0, state.seats - 1)) throw new RangeError(`seat: integer 0..${state.seats - 1} expected, got ${seat}`);
  return checkSeatPick(state.seatStates[seat], { complete: state.complete, rounds: state.packSizes.length }, attempt);
}

/** checkPick on one seat's state (the rules above, in the same order), for callers that keep the state incrementally. */
export function checkSeatPick(
  seatState: SeatDraftState,
  draft: { complete: boolean; rounds: number },
  attempt: { packNumber: number; pickNumber: number; cardId: string },
  /** The seat's stored pick with that pack and pick number when the caller has it at hand (else looked up in seatState.picks). */
  known?: DraftPick | null,
): PickCheck {
  const { packNumber, pickNumber, cardId } = attempt;
  const stored = known !== undefined ? known : seatState.picks.find((x) => x.packNumber === packNumber && x.pickNumber === pickNumber);
  if (stored) {
    if (stored.cardId === cardId) return { ok: 'replay', pick: stored };
    return { ok: false, code: 'PICK_ALREADY_MADE', message: `Pick ${pickNumber} of pack ${packNumber} was already made with another card` };
  }
  if (draft.complete) return { ok: false, code: 'DRAFT_COMPLETE', message: 'The draft is complete' };
  if (packNumber !== seatState.packNumber || pickNumber !== seatState.pickNumber) {
    const round = seatState.packNumber;
    const next =
      seatState.pickNumber !== null
        ? `the seat's next pick is pick ${seatState.pickNumber} of pack ${round}`
        : round < draft.rounds
          ? `pack ${round + 1} opens when every seat has finished pack ${round}`
          : 'the seat has made all its picks';
    return { ok: false, code: 'PACK_NOT_ARRIVED', message: `Pick ${pickNumber} of pack ${packNumber} is not available: ${next}` };
  }
  if (!seatState.hasPack) {
    return { ok: false, code: 'PACK_NOT_ARRIVED', message: `The pack for pick ${pickNumber} of pack ${packNumber} is still with seat ${seatState.waitingOn}` };
  }
  if (!seatState.cards.includes(cardId)) return { ok: false, code: 'CARD_NOT_IN_PACK', message: `Card ${cardId} is not in the pack in front of the seat` };
  return { ok: true, opener: seatState.opener as number };
}
