/**
 * A pod's draft kept incrementally: the same rules as deriveDraftState (draft-state.ts) — round r
 * opens when every pick of round r−1 exists, a seat picks pick p when the pack in front of it has had
 * p−1 picks, packs pass left in odd rounds and right in even ones — but a pick is applied in
 * O(pack size) instead of re-deriving the whole pod (O(picks)) on every pick. The server keeps one
 * per pod in memory; deriveDraftState stays the reference (pod-draft.spec.ts checks both agree
 * after every pick of whole drafts).
 */
import { checkSeatPick, type DraftPick, type DraftState, type PickCheck, type SeatDraftState } from './draft-state';
import { openerOfPackAt, seatHolding } from './pass-direction';

interface PackProgress {
  opened: readonly string[];
  /** Cards still in the pack, in opened order. */
  left: string[];
  /** Positions of `opened` already taken (one per pick). */
  taken: boolean[];
  /** Picks from this pack, in pick order (pick q at index q − 1). */
  picked: DraftPick[];
}

/** A pick as applied: the pack's opener and the position of the card in the pack as opened. */
export interface AppliedPick {
  opener: number;
  position: number;
}

export class PodDraft<P extends DraftPick = DraftPick> {
  readonly seats: number;
  readonly packSizes: readonly number[];
  private readonly packs: PackProgress[][];
  /** `made[r − 1][s]`: picks of seat s in round r. */
  private readonly made: number[][];
  private readonly roundCount: number[];
  private readonly bySeat: P[][];
  private openRound = 1;
  private total = 0;

  /**
   * @param packs the cards of each pack as opened, `[packNumber − 1][opener]` (every round).
   * @throws RangeError when the packs do not match the seats and pack sizes.
   */
  constructor(seats: number, packs: readonly (readonly (readonly string[])[])[]) {
    if (!Number.isSafeInteger(seats) || seats < 1) throw new RangeError(`seats: positive integer expected, got ${seats}`);
    if (packs.length === 0) throw new RangeError('at least one round of packs expected');
    this.seats = seats;
    this.packSizes = packs.map((round, r) => {
      if (round.length !== seats) throw new RangeError(`round ${r + 1}: ${seats} packs expected, got ${round.length}`);
      const size = round[0].length;
      if (size < 1 || round.some((p) => p.length !== size)) throw new RangeError(`round ${r + 1}: packs of one positive size expected`);
      return size;
    });
    this.packs = packs.map((round) => round.map((opened) => ({ opened, left: [...opened], taken: new Array<boolean>(opened.length).fill(false), picked: [] })));
    this.made = packs.map(() => new Array<number>(seats).fill(0));
    this.roundCount = packs.map(() => 0);
    this.bySeat = Array.from({ length: seats }, () => []);
  }

  /** The open round (pack number), 1..R; R once complete. */
  get round(): number {
    return this.openRound;
  }

  get complete(): boolean {
    const r = this.packSizes.length;
    return this.openRound === r && this.roundCount[r - 1] === this.seats * this.packSizes[r - 1];
  }

  /** Picks applied so far. */
  get pickCount(): number {
    return this.total;
  }

  /** Every pick of `seat`, by pack then pick number (the stored objects, not copies). */
  picksOf(seat: number): readonly P[] {
    return this.bySeat[seat];
  }

  /** What `seat` sees now: the same object deriveDraftState builds for it. */
  seatState(seat: number): SeatDraftState {
    const n = this.seats;
    const round = this.openRound;
    const size = this.packSizes[round - 1];
    const made = this.made[round - 1][seat];
    const picks = this.bySeat[seat] as DraftPick[];
    if (this.complete || made === size)
      return { seat, packNumber: round, pickNumber: null, opener: null, hasPack: false, cards: [], queued: 0, deliveredBy: null, waitingOn: null, picks };
    const pickNumber = made + 1;
    const opener = openerOfPackAt(seat, round, pickNumber, n);
    const pack = this.packs[round - 1][opener];
    if (pack.picked.length !== pickNumber - 1) {
      return {
        seat,
        packNumber: round,
        pickNumber,
        opener,
        hasPack: false,
        cards: [],
        queued: 0,
        deliveredBy: null,
        waitingOn: seatHolding(opener, round, pack.picked.length + 1, n),
        picks,
      };
    }
    let queued = 1;
    while (pickNumber + queued <= size && this.packs[round - 1][openerOfPackAt(seat, round, pickNumber + queued, n)].picked.length === pickNumber + queued - 1) queued++;
    return {
      seat,
      packNumber: round,
      pickNumber,
      opener,
      hasPack: true,
      cards: pack.left,
      queued,
      deliveredBy: pickNumber > 1 ? pack.picked[pickNumber - 2] : null,
      waitingOn: null,
      picks,
    };
  }

  /** The seat's stored pick `pickNumber` of pack `packNumber`, if made (picks are kept in pack, pick order). */
  storedPick(seat: number, packNumber: number, pickNumber: number): P | undefined {
    if (packNumber < 1 || packNumber > this.packSizes.length || pickNumber < 1 || pickNumber > this.packSizes[packNumber - 1]) return undefined;
    let index = pickNumber - 1;
    for (let r = 0; r < packNumber - 1; r++) index += this.packSizes[r];
    const pick = this.bySeat[seat][index];
    return pick && pick.packNumber === packNumber && pick.pickNumber === pickNumber ? pick : undefined;
  }

  /** The whole state in deriveDraftState's shape (for callers that want every seat). */
  state(): DraftState {
    const round = this.openRound;
    const complete = this.complete;
    return {
      seats: this.seats,
      packSizes: this.packSizes,
      round,
      completedRounds: complete ? this.packSizes.length : round - 1,
      complete,
      roundPicks: this.roundCount[round - 1],
      roundPickTotal: this.seats * this.packSizes[round - 1],
      seatStates: Array.from({ length: this.seats }, (_, s) => this.seatState(s)),
    };
  }

  /** checkPick (draft-state.ts) against the current state, without building every seat's state. */
  check(attempt: { seat: number; packNumber: number; pickNumber: number; cardId: string }): PickCheck {
    if (!Number.isSafeInteger(attempt.seat) || attempt.seat < 0 || attempt.seat >= this.seats)
      throw new RangeError(`seat: integer 0..${this.seats - 1} expected, got ${attempt.seat}`);
    return checkSeatPick(
      this.seatState(attempt.seat),
      { complete: this.complete, rounds: this.packSizes.length },
      attempt,
      this.storedPick(attempt.seat, attempt.packNumber, attempt.pickNumber) ?? null,
    );
  }

  /**
   * Applies one pick (stored or just accepted).
   * @returns the pack's opener and the card's position in the pack as opened.
   * @throws RangeError when the pick is not the seat's next pick with its pack in front of it, or
   *   the card is not in that pack: stored picks never do (checkPick admitted them).
   */
  apply(pick: P): AppliedPick {
    const { seat, packNumber, pickNumber, cardId } = pick;
    const s = this.seatState(seat);
    if (!s.hasPack || s.packNumber !== packNumber || s.pickNumber !== pickNumber) {
      throw new RangeError(`Inconsistent draft: pick ${pickNumber} of pack ${packNumber} by seat ${seat} is not the seat's next pick with a pack in front of it`);
    }
    const pack = this.packs[packNumber - 1][s.opener!];
    const at = pack.left.indexOf(cardId);
    if (at < 0) throw new RangeError(`Inconsistent draft: ${cardId} is not in pack ${packNumber} of seat ${s.opener}`);
    pack.left.splice(at, 1);
    let position = -1;
    for (let i = 0; i < pack.opened.length; i++) {
      if (!pack.taken[i] && pack.opened[i] === cardId) {
        position = i;
        break;
      }
    }
    pack.taken[position] = true;
    pack.picked.push(pick);
    this.bySeat[seat].push(pick);
    this.made[packNumber - 1][seat]++;
    this.roundCount[packNumber - 1]++;
    this.total++;
    const r = this.openRound;
    if (r < this.packSizes.length && this.roundCount[r - 1] === this.seats * this.packSizes[r - 1]) this.openRound++;
    return { opener: s.opener!, position };
  }

  /**
   * Applies stored picks in any order (a pod loaded from the database): repeatedly applies the
   * picks that have become applicable.
   * @throws RangeError when some pick can never apply (the picks contradict the rules).
   */
  applyAll(picks: readonly P[]): void {
    let pending = [...picks].sort((a, b) => a.packNumber - b.packNumber || a.pickNumber - b.pickNumber || a.seat - b.seat);
    while (pending.length > 0) {
      const rest: P[] = [];
      for (const pick of pending) {
        const s = this.seatState(pick.seat);
        if (s.hasPack && s.packNumber === pick.packNumber && s.pickNumber === pick.pickNumber) this.apply(pick);
        else rest.push(pick);
      }
      if (rest.length === pending.length) throw new RangeError(`Inconsistent draft: ${rest.length} stored picks can never be made (first: ${JSON.stringify(rest[0])})`);
      pending = rest;
    }
  }
}
