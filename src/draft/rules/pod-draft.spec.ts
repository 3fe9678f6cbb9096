import { rngFor } from '../../common/random/seeded-rng';
import { checkPick, deriveDraftState, type DraftPick } from './draft-state';
import { PodDraft } from './pod-draft';

/** Packs with repeated cards (two copies of some commons), as real boosters have. */
function makePacks(n: number, packSizes: number[]): string[][][] {
  return packSizes.map((size, r) => Array.from({ length: n }, (_, o) => Array.from({ length: size }, (_, i) => `r${r + 1}-o${o}-c${i % Math.max(1, size - 3)}`)));
}

describe.each([
  [8, [15, 15, 15, 15]],
  [4, [19, 19, 19]],
  [5, [12, 12, 12]],
])('PodDraft: a %i-seat draft of %j packs, applied incrementally, equals deriveDraftState after every pick', (n, packSizes) => {
  it('agrees on every seat state, every check and every card position through the whole draft', () => {
    const packs = makePacks(n, packSizes);
    const pod = new PodDraft(n, packs);
    const picks: DraftPick[] = [];
    const rng = rngFor('pod-draft-spec', `${n}/${packSizes.length}`);
    for (;;) {
      const derived = deriveDraftState({ seats: n, packSizes, packs, picks });
      expect(pod.state()).toEqual(derived);
      if (derived.complete) break;
      const ready = derived.seatStates.filter((s) => s.hasPack);
      const seat = ready[rng.below(ready.length)];
      const pick = { seat: seat.seat, packNumber: seat.packNumber, pickNumber: seat.pickNumber!, cardId: seat.cards[rng.below(seat.cards.length)] };
      // A card of another pack, and the same pick again, are checked alike by both.
      const wrong = { ...pick, cardId: 'not-in-any-pack' };
      expect(pod.check(wrong)).toEqual(checkPick(derived, wrong));
      expect(pod.check(pick)).toEqual(checkPick(derived, pick));
      const { position } = pod.apply(pick);
      expect(packs[pick.packNumber - 1][seat.opener!][position]).toBe(pick.cardId);
      picks.push(pick);
      expect(pod.check(pick)).toEqual(checkPick(deriveDraftState({ seats: n, packSizes, packs, picks }), pick));
    }
    expect(pod.complete).toBe(true);
    expect(pod.pickCount).toBe(n * packSizes.reduce((a, b) => a + b, 0));
  });

  it('applyAll takes stored picks in any order and reaches the same state', () => {
    const packs = makePacks(n, packSizes);
    const live = new PodDraft(n, packs);
    const picks: DraftPick[] = [];
    const rng = rngFor('pod-draft-spec-order', String(n));
    for (let k = 0; k < (n * packSizes[0] * 3) / 2; k++) {
      const ready = live.state().seatStates.filter((s) => s.hasPack);
      const s = ready[rng.below(ready.length)];
      const pick = { seat: s.seat, packNumber: s.packNumber, pickNumber: s.pickNumber!, cardId: s.cards[0] };
      live.apply(pick);
      picks.push(pick);
    }
    const shuffled = [...picks].reverse();
    const loaded = new PodDraft(n, packs);
    loaded.applyAll(shuffled);
    expect(loaded.state()).toEqual(live.state());
  });
});

describe('PodDraft refuses what the rules forbid', () => {
  const packs = makePacks(4, [5, 5]);
  it('a pick whose pack has not arrived, or a card not in the pack, throws (stored picks never do)', () => {
    const pod = new PodDraft(4, packs);
    expect(() => pod.apply({ seat: 0, packNumber: 1, pickNumber: 2, cardId: packs[0][3][0] })).toThrow(RangeError);
    expect(() => pod.apply({ seat: 0, packNumber: 1, pickNumber: 1, cardId: 'nope' })).toThrow(RangeError);
    expect(() => pod.apply({ seat: 0, packNumber: 2, pickNumber: 1, cardId: packs[1][0][0] })).toThrow(RangeError);
  });
  it('applyAll refuses picks that can never be made', () => {
    const pod = new PodDraft(4, packs);
    expect(() => pod.applyAll([{ seat: 1, packNumber: 1, pickNumber: 2, cardId: packs[0][0][0] }])).toThrow(/can never be made/);
  });
  it('packs of the wrong shape are refused', () => {
    expect(() => new PodDraft(4, [packs[0].slice(0, 3)])).toThrow(RangeError);
    expect(() => new PodDraft(0, packs)).toThrow(RangeError);
  });
});
