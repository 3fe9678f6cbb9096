import { rngFor } from '../../common/random/seeded-rng';
import { checkPick, deriveDraftState, type DraftInput, type DraftPick, type DraftState } from './draft-state';

const SEED = '00112233445566778899aabbccddeeff';

/** Packs with unique, self-describing card ids: `r<round>-o<opener>-c<i>`. */
function makePacks(n: number, packSizes: number[]): string[][][] {
  return packSizes.map((size, r) => Array.from({ length: n }, (_, o) => Array.from({ length: size }, (_, i) => `r${r + 1}-o${o}-c${i}`)));
}
const roundOf = (cardId: string) => Number(/^r(\d+)-/.exec(cardId)![1]);
const openerOf = (cardId: string) => Number(/-o(\d+)-/.exec(cardId)![1]);

function draft(n: number, packSizes: number[], picks: DraftPick[] = [], packs = makePacks(n, packSizes)): DraftState {
  return deriveDraftState({ seats: n, packSizes, packs, picks });
}

/** The pick a seat makes now: its next pick number, the given card (default: first card of its pack). */
function pickOf(state: DraftState, seat: number, cardId?: string): DraftPick {
  const s = state.seatStates[seat];
  if (!s.hasPack || s.pickNumber === null) throw new Error(`seat ${seat} has no pack`);
  return { seat, packNumber: s.packNumber, pickNumber: s.pickNumber, cardId: cardId ?? s.cards[0] };
}

/** Seats pick in the given order, each taking the first card of its pack. */
function play(n: number, packSizes: number[], order: number[], picks: DraftPick[] = []): DraftPick[] {
  const out = [...picks];
  for (const seat of order) out.push(pickOf(draft(n, packSizes, out), seat));
  return out;
}

describe('deriveDraftState: opening', () => {
  it('with no picks, round 1 is open and every seat has the pack it opened, whole', () => {
    const state = draft(8, [15, 15, 15, 15]);
    expect(state).toMatchObject({ round: 1, completedRounds: 0, complete: false, roundPicks: 0, roundPickTotal: 120 });
    state.seatStates.forEach((s, seat) => {
      expect(s).toMatchObject({ seat, packNumber: 1, pickNumber: 1, opener: seat, hasPack: true, queued: 1, deliveredBy: null, waitingOn: null, picks: [] });
      expect(s.cards).toEqual(makePacks(8, [15])[0][seat]);
    });
  });

  it('accepts the packs as a function (opener, packNumber) → cards, with the same result as the array', () => {
    const packs = makePacks(4, [12, 12]);
    const picks = play(4, [12, 12], [0, 1, 1, 2]);
    const fromFn = deriveDraftState({ seats: 4, packSizes: [12, 12], packs: (o, r) => packs[r - 1][o], picks });
    expect(fromFn).toEqual(draft(4, [12, 12], picks));
  });
});

describe('deriveDraftState: passing and the per-seat queue', () => {
  it('pack 1 passes left: after seat 0 picks, its pack waits in front of seat 1, behind seat 1’s own pack', () => {
    const state = draft(8, [15, 15], play(8, [15, 15], [0]));
    expect(state.seatStates[1]).toMatchObject({ pickNumber: 1, opener: 1, hasPack: true, queued: 2 });
    expect(state.seatStates[0]).toMatchObject({ pickNumber: 2, opener: 7, hasPack: false, waitingOn: 7, cards: [], queued: 0 });
  });

  it('a seat waits for its upstream neighbour, then picks from the pack it passed, one card fewer', () => {
    const picks = play(8, [15, 15], [0, 7]);
    const s0 = draft(8, [15, 15], picks).seatStates[0];
    expect(s0).toMatchObject({ pickNumber: 2, opener: 7, hasPack: true, queued: 1, deliveredBy: picks[1] });
    expect(s0.cards).toEqual(makePacks(8, [15])[0][7].slice(1));
  });

  it('a fast seat runs ahead through every pack already passed to it, without waiting for the table', () => {
    // Seat 0 picks 1; seat 1 picks 1 and 2 (seat 0's pack); seat 2 then has three packs queued.
    const picks = play(4, [12, 12], [0, 1, 1]);
    const state = draft(4, [12, 12], picks);
    expect(state.seatStates[2]).toMatchObject({ pickNumber: 1, hasPack: true, queued: 3 });
    const ahead = play(4, [12, 12], [2, 2, 2], picks);
    expect(draft(4, [12, 12], ahead).seatStates[2]).toMatchObject({ pickNumber: 4, opener: 3, hasPack: false, waitingOn: 3 });
  });

  it('pack 2 passes right: seat s receives from seat s+1', () => {
    const round1 = play(
      4,
      [3, 3],
      Array.from({ length: 12 }, (_, i) => i % 4),
    );
    const state = draft(4, [3, 3], play(4, [3, 3], [0], round1));
    expect(state.round).toBe(2);
    expect(state.seatStates[3]).toMatchObject({ pickNumber: 1, opener: 3, queued: 2 }); // seat 0's pack went to seat 3
    expect(state.seatStates[0]).toMatchObject({ pickNumber: 2, opener: 1, hasPack: false, waitingOn: 1 });
  });

  it('the next round opens only when every pick of the round exists; a seat done early waits with no pick', () => {
    const almost = play(
      4,
      [3, 3],
      Array.from({ length: 11 }, (_, i) => i % 4),
    ); // seat 3 still owes pick 3
    const state = draft(4, [3, 3], almost);
    expect(state).toMatchObject({ round: 1, completedRounds: 0, roundPicks: 11, roundPickTotal: 12 });
    expect(state.seatStates[0]).toMatchObject({ packNumber: 1, pickNumber: null, opener: null, hasPack: false, waitingOn: null });
    const opened = draft(4, [3, 3], play(4, [3, 3], [3], almost));
    expect(opened).toMatchObject({ round: 2, completedRounds: 1, roundPicks: 0 });
    expect(opened.seatStates.every((s) => s.hasPack && s.pickNumber === 1 && s.opener === s.seat)).toBe(true);
  });

  it('does not depend on the order of the stored picks', () => {
    const picks = play(5, [4, 4], [0, 1, 2, 3, 4, 1, 2, 0, 3]);
    const reversed = [...picks].reverse();
    expect(draft(5, [4, 4], reversed)).toEqual(draft(5, [4, 4], picks));
  });
});

describe('deriveDraftState: duplicates in a pack', () => {
  it('two copies of a card can both be picked, one copy per pick, and then none is left', () => {
    const packs = [
      [
        ['A', 'A', 'B'],
        ['C', 'D', 'E'],
      ],
    ];
    deriveDraftState({ seats: 2, packSizes: [3], packs, picks: [] });
    const p1: DraftPick = { seat: 0, packNumber: 1, pickNumber: 1, cardId: 'A' };
    deriveDraftState({ seats: 2, packSizes: [3], packs, picks: [p1] });
    const p2: DraftPick = { seat: 1, packNumber: 1, pickNumber: 1, cardId: 'C' };
    let state = deriveDraftState({ seats: 2, packSizes: [3], packs, picks: [p1, p2] });
    expect(state.seatStates[1].cards).toEqual(['A', 'B']);
    expect(checkPick(state, { seat: 1, packNumber: 1, pickNumber: 2, cardId: 'A' })).toEqual({ ok: true, opener: 0 });
    const p3: DraftPick = { seat: 1, packNumber: 1, pickNumber: 2, cardId: 'A' };
    const p4: DraftPick = { seat: 0, packNumber: 1, pickNumber: 2, cardId: 'D' };
    state = deriveDraftState({ seats: 2, packSizes: [3], packs, picks: [p1, p2, p3, p4] });
    expect(state.seatStates[0]).toMatchObject({ pickNumber: 3, opener: 0, cards: ['B'] });
    expect(checkPick(state, { seat: 0, packNumber: 1, pickNumber: 3, cardId: 'A' })).toMatchObject({ ok: false, code: 'CARD_NOT_IN_PACK' });
  });
});

describe('deriveDraftState: inconsistent picks are refused', () => {
  const base: DraftInput = { seats: 4, packSizes: [3, 3], packs: makePacks(4, [3, 3]), picks: [] };
  const withPicks =
    (...picks: DraftPick[]) =>
    () =>
      deriveDraftState({ ...base, picks });

  it.each([
    ['a pick from a pack that has not arrived', withPicks({ seat: 1, packNumber: 1, pickNumber: 2, cardId: 'r1-o0-c0' })],
    ['a pick of pack 2 before pack 1 is over', withPicks({ seat: 0, packNumber: 2, pickNumber: 1, cardId: 'r2-o0-c0' })],
    ['a seat that skipped a pick', withPicks({ seat: 0, packNumber: 1, pickNumber: 1, cardId: 'r1-o0-c0' }, { seat: 1, packNumber: 1, pickNumber: 2, cardId: 'r1-o0-c1' })],
    ['a card that is not in the pack', withPicks({ seat: 0, packNumber: 1, pickNumber: 1, cardId: 'r1-o1-c0' })],
    ['two picks with one key', withPicks({ seat: 0, packNumber: 1, pickNumber: 1, cardId: 'r1-o0-c0' }, { seat: 0, packNumber: 1, pickNumber: 1, cardId: 'r1-o0-c1' })],
    ['a seat outside the pod', withPicks({ seat: 4, packNumber: 1, pickNumber: 1, cardId: 'r1-o0-c0' })],
    ['a pick number beyond the pack size', withPicks({ seat: 0, packNumber: 1, pickNumber: 4, cardId: 'r1-o0-c0' })],
    ['a pack of the wrong size', () => deriveDraftState({ ...base, packSizes: [4, 3] })],
    ['no rounds', () => deriveDraftState({ ...base, packSizes: [] })],
  ])('%s throws RangeError', (_name, fn) => {
    expect(fn).toThrow(RangeError);
  });
});

describe('checkPick', () => {
  const sizes = [3, 3];
  const picks = play(4, sizes, [0]);
  const state = draft(4, sizes, picks);

  it('accepts a card of the pack in front of the seat and names the pack’s opener', () => {
    expect(checkPick(state, { seat: 1, packNumber: 1, pickNumber: 1, cardId: 'r1-o1-c2' })).toEqual({ ok: true, opener: 1 });
  });

  it('reports a retry of a stored pick with the same card as a replay of the stored pick', () => {
    expect(checkPick(state, { ...picks[0] })).toEqual({ ok: 'replay', pick: picks[0] });
  });

  it('refuses a made pick number with another card: PICK_ALREADY_MADE', () => {
    expect(checkPick(state, { ...picks[0], cardId: 'r1-o0-c1' })).toMatchObject({ ok: false, code: 'PICK_ALREADY_MADE' });
  });

  it('refuses a card not (or no longer) in the pack: CARD_NOT_IN_PACK', () => {
    expect(checkPick(state, { seat: 1, packNumber: 1, pickNumber: 1, cardId: 'r1-o0-c1' })).toMatchObject({ ok: false, code: 'CARD_NOT_IN_PACK' });
    const later = draft(4, sizes, play(4, sizes, [1], picks)); // seat 1 now holds seat 0's pack, without r1-o0-c0
    expect(checkPick(later, { seat: 1, packNumber: 1, pickNumber: 2, cardId: 'r1-o0-c0' })).toMatchObject({ ok: false, code: 'CARD_NOT_IN_PACK' });
    expect(checkPick(later, { seat: 1, packNumber: 1, pickNumber: 2, cardId: 'r1-o0-c1' })).toEqual({ ok: true, opener: 0 });
  });

  it('refuses a pick whose pack is still upstream, a skipped pick number and an unopened round: PACK_NOT_ARRIVED', () => {
    const waiting = checkPick(state, { seat: 0, packNumber: 1, pickNumber: 2, cardId: 'r1-o3-c0' });
    expect(waiting).toMatchObject({ ok: false, code: 'PACK_NOT_ARRIVED' });
    expect((waiting as { message: string }).message).toContain('seat 3');
    expect(checkPick(state, { seat: 1, packNumber: 1, pickNumber: 3, cardId: 'r1-o0-c1' })).toMatchObject({ ok: false, code: 'PACK_NOT_ARRIVED' });
    expect(checkPick(state, { seat: 1, packNumber: 2, pickNumber: 1, cardId: 'r2-o1-c0' })).toMatchObject({ ok: false, code: 'PACK_NOT_ARRIVED' });
  });

  it('refuses new picks once the draft is complete (DRAFT_COMPLETE) but still replays stored ones', () => {
    const all = play(
      4,
      sizes,
      Array.from({ length: 24 }, (_, i) => i % 4),
    );
    const done = draft(4, sizes, all);
    expect(done).toMatchObject({ complete: true, round: 2, completedRounds: 2 });
    expect(checkPick(done, { seat: 0, packNumber: 3, pickNumber: 1, cardId: 'x' })).toMatchObject({ ok: false, code: 'DRAFT_COMPLETE' });
    expect(checkPick(done, all[23])).toEqual({ ok: 'replay', pick: all[23] });
  });

  it('throws on a seat outside the pod (a caller bug)', () => {
    expect(() => checkPick(state, { seat: 4, packNumber: 1, pickNumber: 1, cardId: 'x' })).toThrow(RangeError);
  });
});

/**
 * A whole draft where seats act in a seeded random order, slow and fast seats mixed (seat s is
 * chosen with weight s + 1 among the seats holding a pack), each taking a random card.
 */
function simulate(n: number, packSizes: number[], purpose: string) {
  const packs = makePacks(n, packSizes);
  const rng = rngFor(SEED, purpose);
  const picks: DraftPick[] = [];
  let maxQueued = 0;
  let maxLead = 0;
  for (;;) {
    const state = deriveDraftState({ seats: n, packSizes, packs, picks });
    if (state.complete) return { state, picks, maxQueued, maxLead };
    const ready = state.seatStates.filter((s) => s.hasPack);
    expect(ready.length).toBeGreaterThan(0); // the table never deadlocks
    maxQueued = Math.max(maxQueued, ...ready.map((s) => s.queued));
    const made = state.seatStates.map((s) => s.picks.length);
    maxLead = Math.max(maxLead, Math.max(...made) - Math.min(...made));
    for (const idle of state.seatStates.filter((s) => !s.hasPack && s.pickNumber !== null)) {
      const check = checkPick(state, { seat: idle.seat, packNumber: idle.packNumber, pickNumber: idle.pickNumber!, cardId: 'any' });
      expect(check).toMatchObject({ ok: false, code: 'PACK_NOT_ARRIVED' });
    }
    let r = rng.below(ready.reduce((w, s) => w + s.seat + 1, 0));
    const seat = ready.find((s) => (r -= s.seat + 1) < 0)!;
    const pick = pickOf(state, seat.seat, seat.cards[rng.below(seat.cards.length)]);
    expect(checkPick(state, pick)).toEqual({ ok: true, opener: seat.opener });
    // A pick of round r + 1 only once every pick of round r exists.
    if (pick.packNumber > 1) {
      const previous = picks.filter((p) => p.packNumber === pick.packNumber - 1).length;
      expect(previous).toBe(n * packSizes[pick.packNumber - 2]);
    }
    expect(roundOf(pick.cardId)).toBe(pick.packNumber);
    picks.push(pick);
  }
}

describe.each([
  [8, [15, 15, 15, 15]],
  [4, [19, 19, 19]],
  [5, [19, 19, 19]],
])('a full %i-seat draft with packs of %j, seats acting in a seeded random order', (n, packSizes) => {
  let result: ReturnType<typeof simulate>;
  beforeAll(() => {
    result = simulate(n, packSizes, `sim/${n}/${packSizes.length}`);
  });
  const total = packSizes.reduce((a, b) => a + b, 0);

  it('completes with every round complete', () => {
    const { state } = result;
    expect(state).toMatchObject({ complete: true, round: packSizes.length, completedRounds: packSizes.length });
    expect(state.seatStates.every((s) => !s.hasPack && s.pickNumber === null)).toBe(true);
  });

  it('really lets seats run ahead of each other (packs queue up)', () => {
    const { maxQueued, maxLead } = result;
    expect(maxQueued).toBeGreaterThanOrEqual(2);
    expect(maxLead).toBeGreaterThanOrEqual(3);
  });

  it('puts every card in exactly one seat’s picks', () => {
    const { state } = result;
    const picked = state.seatStates.flatMap((s) => s.picks.map((p) => p.cardId)).sort();
    expect(picked).toEqual(makePacks(n, packSizes).flat(2).sort());
  });

  it('gives each seat packSize × packs cards, ordered by pack then pick', () => {
    const { state } = result;
    for (const s of state.seatStates) {
      expect(s.picks).toHaveLength(total);
      expect(s.picks.map((p) => [p.packNumber, p.pickNumber])).toEqual(packSizes.flatMap((size, r) => Array.from({ length: size }, (_, i) => [r + 1, i + 1])));
    }
  });

  it('passes left in odd packs (seat s receives from s − 1) and right in even packs (from s + 1)', () => {
    const { picks } = result;
    const byPack = new Map<string, DraftPick[]>();
    for (const p of picks) {
      const key = `${p.packNumber}/${openerOf(p.cardId)}`;
      byPack.set(key, [...(byPack.get(key) ?? []), p]);
    }
    for (const [key, packPicks] of byPack) {
      const [round, opener] = key.split('/').map(Number);
      const seats = [...packPicks].sort((a, b) => a.pickNumber - b.pickNumber).map((p) => p.seat);
      const step = round % 2 === 1 ? 1 : n - 1;
      expect(seats).toEqual(Array.from({ length: packSizes[round - 1] }, (_, i) => (opener + i * step) % n));
    }
  });
});
