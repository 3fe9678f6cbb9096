import { rngFor, type Rng } from '../../common/random/seeded-rng';
import { shuffle } from '../../draft/rules/seating';
import { pairingPurpose } from '../../common/random/stream-purposes';
import { matchPointsByPlayer } from './standings';
import { DENSE_PAIRING_LIMIT, pairDraftRound, pairSwissRound, solvePairingGraph, type SwissPairingResult } from './swiss-pairing';
import type { RecordedMatch, TournamentPlayer } from './types';

const SEED = '00112233445566778899aabbccddeeff';
const ids = (n: number) => Array.from({ length: n }, (_, i) => `p${String(i + 1).padStart(2, '0')}`);
const players = (n: number, pod?: (i: number) => number): TournamentPlayer[] => ids(n).map((id, i) => ({ id, droppedAfterRound: null, pod: pod ? pod(i) : null }));

/** A seeded random result for a pairing: 2-0, 2-1, 1-2, 0-2, 1-1-1 or (rarely) 0-0-3. */
function randomResult(rng: Rng): Pick<RecordedMatch, 'winsA' | 'winsB' | 'draws'> {
  const k = rng.below(11);
  return (
    [
      { winsA: 2, winsB: 0, draws: 0 },
      { winsA: 2, winsB: 1, draws: 0 },
      { winsA: 1, winsB: 2, draws: 0 },
      { winsA: 0, winsB: 2, draws: 0 },
      { winsA: 1, winsB: 1, draws: 1 },
    ][k % 5] ?? { winsA: 0, winsB: 0, draws: 3 }
  );
}

function record(round: number, result: SwissPairingResult, rng: Rng, allDraws = false): RecordedMatch[] {
  return result.pairings.map((p) =>
    p.playerB === null
      ? { round, playerA: p.playerA, playerB: null, winsA: 2, winsB: 0, draws: 0 }
      : { round, playerA: p.playerA, playerB: p.playerB, ...(allDraws ? { winsA: 1, winsB: 1, draws: 0 } : randomResult(rng)) },
  );
}

const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

/** The lexicographic objective of a group's pairing: [second byes, rematches, bye receiver's points, Σ d²]. */
function objective(pairs: [string, string | null][], pts: Map<string, number>, met: Set<string>, hadBye: Set<string>): number[] {
  let secondByes = 0;
  let rematches = 0;
  let byePoints = 0;
  let squares = 0;
  for (const [a, b] of pairs) {
    if (b === null) {
      byePoints = pts.get(a) ?? 0;
      if (hadBye.has(a)) secondByes++;
    } else {
      if (met.has(pairKey(a, b))) rematches++;
      const d = (pts.get(a) ?? 0) - (pts.get(b) ?? 0);
      squares += d * d;
    }
  }
  return [secondByes, rematches, byePoints, squares];
}

const lexLess = (x: number[], y: number[]) => {
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i] < y[i];
  return false;
};

/** The best `score` over every perfect pairing (one bye when odd), by brute force. */
function bruteForce(group: string[], score: (pairs: [string, string | null][]) => number[]): number[] {
  let best: number[] | null = null;
  const pairUp = (rest: string[], acc: [string, string | null][]) => {
    if (rest.length === 0) {
      const o = score(acc);
      if (best === null || lexLess(o, best)) best = o;
      return;
    }
    const [first, ...others] = rest;
    for (let i = 0; i < others.length; i++) pairUp([...others.slice(0, i), ...others.slice(i + 1)], [...acc, [first, others[i]]]);
  };
  if (group.length % 2 === 1) {
    for (let i = 0; i < group.length; i++) pairUp([...group.slice(0, i), ...group.slice(i + 1)], [[group[i], null]]);
  } else pairUp(group, []);
  return best!;
}

/** The best objective over every perfect pairing (one bye when odd), by brute force. */
function bruteForceBest(group: string[], pts: Map<string, number>, met: Set<string>, hadBye: Set<string>): number[] {
  return bruteForce(group, (pairs) => objective(pairs, pts, met, hadBye));
}

/** History facts the pairing must respect, computed independently of the module. */
function facts(matches: RecordedMatch[]) {
  const met = new Set<string>();
  const hadBye = new Set<string>();
  for (const m of matches) {
    if (m.playerB === null) hadBye.add(m.playerA);
    else met.add(pairKey(m.playerA, m.playerB));
  }
  return { met, hadBye, pts: matchPointsByPlayer(matches) };
}

function checkWellFormed(result: SwissPairingResult, active: string[]) {
  const seen = result.pairings.flatMap((p) => (p.playerB === null ? [p.playerA] : [p.playerA, p.playerB]));
  expect([...seen].sort()).toEqual([...active].sort()); // everyone active exactly once, nobody else
  for (const p of result.pairings) expect(p.playerA).not.toBe(p.playerB);
  expect(result.pairings.map((p) => p.table)).toEqual(result.pairings.map((_, i) => i + 1));
}

describe('Swiss pairing: round 1 (docs/rules.md "round 1 random")', () => {
  it('pairs the seeded shuffle of the players (sorted by id) in order; the odd last one gets the bye', () => {
    const field = players(7);
    const result = pairSwissRound(field, [], { seed: SEED, round: 1 });
    const order = shuffle(ids(7), rngFor(SEED, pairingPurpose(1)));
    expect(result.pairings.map((p) => [p.playerA, p.playerB])).toEqual([
      [order[0], order[1]],
      [order[2], order[3]],
      [order[4], order[5]],
      [order[6], null],
    ]);
    expect(result.byeTo).toBe(order[6]);
    expect(result.rematches).toEqual([]);
  });

  it('does not depend on the order players are given in', () => {
    const a = pairSwissRound(players(9), [], { seed: SEED, round: 1 });
    const b = pairSwissRound([...players(9)].reverse(), [], { seed: SEED, round: 1 });
    expect(b).toEqual(a);
  });

  it('gives the round-1 bye to each player about equally often over seeds', () => {
    const counts = new Map<string, number>();
    for (let s = 0; s < 1400; s++) {
      const bye = pairSwissRound(players(7), [], { seed: `seed${s}`, round: 1 }).byeTo!;
      counts.set(bye, (counts.get(bye) ?? 0) + 1);
    }
    expect(counts.size).toBe(7);
    for (const c of counts.values()) expect(Math.abs(c - 200)).toBeLessThan(60);
  });

  it('with pods (podsFirst), pairs inside each pod in the seeded order; an odd pod of a field of 11 leaves the bye', () => {
    const field = players(11, (i) => (i < 6 ? 1 : 2));
    const result = pairSwissRound(field, [], { seed: SEED, round: 1, podsFirst: true });
    const order = shuffle(ids(11), rngFor(SEED, pairingPurpose(1)));
    const pod1 = order.filter((id) => Number(id.slice(1)) <= 6);
    const pod2 = order.filter((id) => Number(id.slice(1)) > 6);
    const got = result.pairings.map((p) => [p.playerA, p.playerB, p.pod]);
    for (const pair of [
      [pod1[0], pod1[1], 1],
      [pod1[2], pod1[3], 1],
      [pod1[4], pod1[5], 1],
      [pod2[0], pod2[1], 2],
      [pod2[2], pod2[3], 2],
    ]) {
      expect(got).toContainEqual(expect.arrayContaining(pair));
    }
    expect(result.byes).toEqual([pod2[4]]);
  });

  it('rule: a draft of two 5-player pods pairs the two odd players across pods in round 1 (no bye for 10 players)', () => {
    const field = players(10, (i) => (i < 5 ? 1 : 2));
    const result = pairDraftRound(field, [], { seed: SEED, round: 1 });
    const order = shuffle(ids(10), rngFor(SEED, pairingPurpose(1)));
    const pod1 = order.filter((id) => Number(id.slice(1)) <= 5);
    const pod2 = order.filter((id) => Number(id.slice(1)) > 5);
    checkWellFormed(result, ids(10));
    expect(result.byes).toEqual([]);
    const across = result.pairings.filter((p) => p.pod === null);
    expect(across).toHaveLength(1);
    expect([across[0].playerA, across[0].playerB].sort()).toEqual([pod1[4], pod2[4]].sort());
    expect(result.pairings.filter((p) => p.pod !== null)).toHaveLength(4);
  });
});

describe('Swiss pairing: later rounds as a maximum-weight matching', () => {
  it('pairs inside match-point groups, table numbers by the higher match points', () => {
    const field = players(8);
    const r1 = pairSwissRound(field, [], { seed: SEED, round: 1 });
    const matches = r1.pairings.map((p) => ({ round: 1, playerA: p.playerA, playerB: p.playerB, winsA: 2, winsB: 0, draws: 0 }));
    const r2 = pairSwissRound(field, matches, { seed: SEED, round: 2 });
    expect(r2.pairings.map((p) => [p.pointsA, p.pointsB])).toEqual([
      [3, 3],
      [3, 3],
      [0, 0],
      [0, 0],
    ]);
    expect(r2.rematches).toEqual([]);
  });

  it('an all-draws round still pairs (everyone in one group, no rematch)', () => {
    const field = players(10);
    const rng = rngFor(SEED, 'test/draws');
    const r1 = pairSwissRound(field, [], { seed: SEED, round: 1 });
    const m1 = record(1, r1, rng, true);
    const r2 = pairSwissRound(field, m1, { seed: SEED, round: 2 });
    checkWellFormed(r2, ids(10));
    expect(r2.rematches).toEqual([]);
    expect(r2.pairings.every((p) => p.pointsA === 1 && p.pointsB === 1)).toBe(true);
  });

  it('the odd player pairs down to the next group, the smallest pair-down possible', () => {
    const field = players(6);
    const [a, b, c, d, e, f] = ids(6);
    const m1: RecordedMatch[] = [
      { round: 1, playerA: a, playerB: d, winsA: 2, winsB: 0, draws: 0 },
      { round: 1, playerA: b, playerB: e, winsA: 2, winsB: 0, draws: 0 },
      { round: 1, playerA: c, playerB: f, winsA: 2, winsB: 0, draws: 0 },
    ];
    // a, b, c 3 points; d, e, f 0: exactly one 3 pairs down, and never two.
    const r2 = pairSwissRound(field, m1, { seed: SEED, round: 2 });
    const downs = r2.pairings.filter((p) => p.pointsA !== p.pointsB);
    expect(downs).toHaveLength(1);
    expect([downs[0].pointsA, downs[0].pointsB]).toEqual([3, 0]);
    expect(r2.rematches).toEqual([]);
    // With c–f drawn: a 3, b 3, c 1, f 1, d 0, e 0. c and f met, so each pairs down by 1 point
    // (Σd² = 2) rather than c or f meeting a 3 (d = 2, Σd² ≥ 4): a–b, then c and f with d and e.
    m1[2] = { round: 1, playerA: c, playerB: f, winsA: 1, winsB: 1, draws: 1 };
    const r2b = pairSwissRound(field, m1, { seed: SEED, round: 2 });
    expect(r2b.pairings[0]).toMatchObject({ pointsA: 3, pointsB: 3 });
    expect(r2b.pairings.slice(1).map((p) => [p.pointsA, p.pointsB])).toEqual([
      [1, 0],
      [1, 0],
    ]);
    expect(r2b.rematches).toEqual([]);
  });

  it('is not greedy: avoids a rematch a top-down pass would force', () => {
    // 4 players after 2 rounds: a 6, b 3, c 3, d 0; a met b and c; b met c? no: rounds a–b, c–d / a–c, b–d.
    // Greedy top-down pairs a with the next best it has not met… only d is left for a, fine;
    // the matching must pair a–d and b–c (never met), not a rematch.
    const [a, b, c, d] = ids(4);
    const m: RecordedMatch[] = [
      { round: 1, playerA: a, playerB: b, winsA: 2, winsB: 0, draws: 0 },
      { round: 1, playerA: c, playerB: d, winsA: 2, winsB: 0, draws: 0 },
      { round: 2, playerA: a, playerB: c, winsA: 2, winsB: 0, draws: 0 },
      { round: 2, playerA: b, playerB: d, winsA: 2, winsB: 0, draws: 0 },
    ];
    const r3 = pairSwissRound(players(4), m, { seed: SEED, round: 3 });
    expect(new Set(r3.pairings.map((p) => pairKey(p.playerA, p.playerB!)))).toEqual(new Set([pairKey(a, d), pairKey(b, c)]));
    expect(r3.rematches).toEqual([]);
  });

  it('allows a rematch only when no other pairing exists, and reports it', () => {
    // A pod of 4 plays 3 rounds (a round robin), so round 4 must repeat pairings.
    const field = players(4);
    const rng = rngFor(SEED, 'test/rematch');
    let matches: RecordedMatch[] = [];
    for (let r = 1; r <= 3; r++) {
      const res = pairSwissRound(field, matches, { seed: SEED, round: r });
      expect(res.rematches).toEqual([]);
      matches = [...matches, ...record(r, res, rng)];
    }
    const r4 = pairSwissRound(field, matches, { seed: SEED, round: 4 });
    checkWellFormed(r4, ids(4));
    expect(r4.rematches).toHaveLength(2);
    expect(r4.pairings.every((p) => p.rematch)).toBe(true);
    expect(r4.rematches).toEqual(r4.pairings.map((p) => [p.playerA, p.playerB]));
  });

  it('never uses tiebreakers: game scores that leave match points unchanged leave the pairings unchanged', () => {
    const field = players(12);
    const rng = rngFor(SEED, 'test/tiebreakers');
    let matches: RecordedMatch[] = [];
    for (let r = 1; r <= 3; r++) matches = [...matches, ...record(r, pairSwissRound(field, matches, { seed: SEED, round: r }), rng)];
    const regraded = matches.map((m) =>
      m.playerB === null
        ? m
        : m.winsA > m.winsB
          ? { ...m, winsA: 1, winsB: 0, draws: 0 }
          : m.winsB > m.winsA
            ? { ...m, winsA: 0, winsB: 1, draws: 0 }
            : { ...m, winsA: 0, winsB: 0, draws: 3 },
    );
    expect(pairSwissRound(field, regraded, { seed: SEED, round: 4 })).toEqual(pairSwissRound(field, matches, { seed: SEED, round: 4 }));
  });

  it('is deterministic for a seed, and the seed chooses among equal pairings', () => {
    const field = players(16);
    const rng = rngFor(SEED, 'test/determinism');
    const m1 = record(1, pairSwissRound(field, [], { seed: SEED, round: 1 }), rng);
    const a = pairSwissRound(field, m1, { seed: SEED, round: 2 });
    expect(pairSwissRound(field, m1, { seed: SEED, round: 2 })).toEqual(a);
    const distinct = new Set<string>();
    for (let s = 0; s < 20; s++) distinct.add(JSON.stringify(pairSwissRound(field, m1, { seed: `other${s}`, round: 2 }).pairings));
    expect(distinct.size).toBeGreaterThan(10);
  });
});

describe('Swiss pairing: byes', () => {
  it('goes to the fewest match points among players without a bye, chosen from the seed among equals', () => {
    // 5 players: a beat b, c beat d, e had the bye → a 3, c 3, e 3, b 0, d 0: the bye goes to b or d.
    const [a, b, c, d, e] = ids(5);
    const m1: RecordedMatch[] = [
      { round: 1, playerA: a, playerB: b, winsA: 2, winsB: 0, draws: 0 },
      { round: 1, playerA: c, playerB: d, winsA: 2, winsB: 0, draws: 0 },
      { round: 1, playerA: e, playerB: null, winsA: 2, winsB: 0, draws: 0 },
    ];
    const counts = new Map<string, number>();
    for (let s = 0; s < 400; s++) {
      const r2 = pairSwissRound(players(5), m1, { seed: `s${s}`, round: 2 });
      counts.set(r2.byeTo!, (counts.get(r2.byeTo!) ?? 0) + 1);
      expect(r2.rematches).toEqual([]);
    }
    expect([...counts.keys()].sort()).toEqual([b, d]);
    expect(Math.abs(counts.get(b)! - 200)).toBeLessThan(50);
  });

  it('skips players who had a bye, even with fewer points', () => {
    // Three players: c had the round-1 bye, b the round-2 bye; a (6 points) is the only one without,
    // so a gets it although b and c have 3.
    const [a, b, c] = ids(3);
    const m: RecordedMatch[] = [
      { round: 1, playerA: c, playerB: null, winsA: 2, winsB: 0, draws: 0 },
      { round: 1, playerA: a, playerB: b, winsA: 2, winsB: 0, draws: 0 },
      { round: 2, playerA: b, playerB: null, winsA: 2, winsB: 0, draws: 0 },
      { round: 2, playerA: a, playerB: c, winsA: 2, winsB: 0, draws: 0 },
    ];
    const r3 = pairSwissRound(players(3), m, { seed: SEED, round: 3 });
    expect(r3.byeTo).toBe(a);
    expect(r3.repeatByes).toEqual([]);
    expect(r3.rematches).toEqual([]);
  });

  it('never gives a second bye while a player without one exists, even at the cost of a rematch', () => {
    // y and z each had a bye and have met; x entered late and never had one.
    const [x, y, z] = ids(3);
    const m: RecordedMatch[] = [
      { round: 1, playerA: y, playerB: null, winsA: 2, winsB: 0, draws: 0 },
      { round: 1, playerA: z, playerB: null, winsA: 2, winsB: 0, draws: 0 },
      { round: 2, playerA: y, playerB: z, winsA: 2, winsB: 0, draws: 0 },
    ];
    const r3 = pairSwissRound(players(3), m, { seed: SEED, round: 3 });
    expect(r3.byeTo).toBe(x);
    expect(r3.repeatByes).toEqual([]);
    expect(r3.rematches).toEqual([[y, z]]);
  });

  it('gives a second bye only when every player of the group already had one, and reports it', () => {
    // A pod of 3 over 4 rounds: after 3 rounds everyone had a bye.
    const field = players(3);
    const rng = rngFor(SEED, 'test/byes3');
    let matches: RecordedMatch[] = [];
    const byes: string[] = [];
    for (let r = 1; r <= 3; r++) {
      const res = pairSwissRound(field, matches, { seed: SEED, round: r });
      expect(res.repeatByes).toEqual([]);
      byes.push(res.byeTo!);
      matches = [...matches, ...record(r, res, rng)];
    }
    expect(new Set(byes).size).toBe(3);
    const r4 = pairSwissRound(field, matches, { seed: SEED, round: 4 });
    expect(r4.repeatByes).toEqual([r4.byeTo]);
  });

  it('pods of 7 and 6: the one bye of each round stays in the odd pod, and no pair leaves its pod', () => {
    const field = players(13, (i) => (i < 7 ? 1 : 2));
    const rng = rngFor(SEED, 'test/pods');
    let matches: RecordedMatch[] = [];
    const podOf = new Map(field.map((p) => [p.id, p.pod]));
    for (let r = 1; r <= 5; r++) {
      const res = pairDraftRound(field, matches, { seed: SEED, round: r });
      checkWellFormed(res, ids(13));
      expect(res.byes).toHaveLength(1);
      expect(podOf.get(res.byes[0])).toBe(1);
      for (const p of res.pairings) if (p.playerB !== null) expect(podOf.get(p.playerA)).toBe(podOf.get(p.playerB));
      matches = [...matches, ...record(r, res, rng)];
    }
    // Without podsFirst the pods are not looked at.
    const open = pairSwissRound(field, matches, { seed: SEED, round: 6 });
    checkWellFormed(open, ids(13));
    expect(open.pairings.every((p) => p.pod === null)).toBe(true);
  });

  it('rule: draft rounds stay inside the pod while it has new opponents (pairDraftRound)', () => {
    const field = players(16, (i) => (i < 8 ? 1 : 2)); // two pods of 8: 3 rounds never run out
    const rng = rngFor(SEED, 'test/draft-pods');
    let matches: RecordedMatch[] = [];
    const podOf = new Map(field.map((p) => [p.id, p.pod]));
    for (let r = 1; r <= 3; r++) {
      const res = pairDraftRound(field, matches, { seed: SEED, round: r });
      expect(res).toEqual(pairSwissRound(field, matches, { seed: SEED, round: r, podsFirst: true }));
      for (const p of res.pairings) expect(podOf.get(p.playerA)).toBe(podOf.get(p.playerB!));
      matches = [...matches, ...record(r, res, rng)];
    }
  });

  it('rule: a pod that would force a rematch is paired across pods instead (4-player pods, round 4; two-team pods, round 2)', () => {
    for (const [n, podSize, rounds] of [
      [8, 4, 4],
      [4, 2, 3],
      [12, 4, 4],
    ] as const) {
      const field = players(n, (i) => Math.floor(i / podSize) + 1);
      const rng = rngFor(SEED, `test/draft-fallback-${n}`);
      let matches: RecordedMatch[] = [];
      const met = new Set<string>();
      for (let r = 1; r <= rounds; r++) {
        const res = pairDraftRound(field, matches, { seed: SEED, round: r });
        checkWellFormed(res, ids(n));
        expect(res.rematches).toEqual([]); // pairing by pods alone would repeat a pairing in the last round
        for (const p of res.pairings) {
          const key = pairKey(p.playerA, p.playerB!);
          expect(met.has(key)).toBe(false);
          met.add(key);
        }
        matches = [...matches, ...record(r, res, rng)];
      }
      // A pod of podSize players has podSize − 1 opponents: the last round had to leave the pod.
      const podOf = new Map(field.map((p) => [p.id, p.pod]));
      const last = matches.filter((m) => m.round === rounds && m.playerB !== null);
      expect(last.some((m) => podOf.get(m.playerA) !== podOf.get(m.playerB!))).toBe(true);
    }
  });

  it('rule: at most one bye per round in the whole event — odd pods pair their leftovers across pods (two 5-player pods: no bye in any round)', () => {
    const field = players(10, (i) => (i < 5 ? 1 : 2));
    const rng = rngFor(SEED, 'test/two-odd-pods');
    let matches: RecordedMatch[] = [];
    for (let r = 1; r <= 4; r++) {
      const res = pairDraftRound(field, matches, { seed: SEED, round: r });
      checkWellFormed(res, ids(10));
      expect(res.byes).toEqual([]);
      expect(res.rematches).toEqual([]);
      expect(res.pairings.filter((p) => p.pod === null)).toHaveLength(1); // the two leftovers only
      matches = [...matches, ...record(r, res, rng)];
    }
  });

  it('rule: the bye goes to the fewest byes so far, never twice in a row (sealed, 5 players, 2 drop after round 1, 7 rounds)', () => {
    const field = players(5);
    const rng = rngFor(SEED, 'test/bye-rotation');
    let matches: RecordedMatch[] = [];
    const byes = new Map<string, number>();
    let previous: string | null = null;
    for (let r = 1; r <= 7; r++) {
      const res = pairSwissRound(field, matches, { seed: SEED, round: r });
      const active = field.filter((p) => p.droppedAfterRound === null || p.droppedAfterRound >= r).map((p) => p.id);
      checkWellFormed(res, active);
      expect(res.byes).toHaveLength(1);
      const to = res.byeTo!;
      expect(to).not.toBe(previous);
      const fewest = Math.min(...active.filter((id) => id !== previous).map((id) => byes.get(id) ?? 0));
      expect(byes.get(to) ?? 0).toBe(fewest);
      byes.set(to, (byes.get(to) ?? 0) + 1);
      previous = to;
      matches = [...matches, ...record(r, res, rng)];
      if (r === 1) for (const p of field.filter((p) => p.id !== to).slice(0, 2)) p.droppedAfterRound = 1;
    }
    // 3 active players over rounds 2–7: the byes went round, nobody got more than one over the others.
    const counts = field.filter((p) => p.droppedAfterRound === null).map((p) => byes.get(p.id) ?? 0);
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
  });
});

describe('Swiss pairing: drops and input checks', () => {
  it('never pairs a dropped player, and never a player against themselves', () => {
    const field = players(9);
    const rng = rngFor(SEED, 'test/drops');
    let matches: RecordedMatch[] = [];
    for (let r = 1; r <= 4; r++) {
      const active = field.filter((p) => p.droppedAfterRound === null || p.droppedAfterRound >= r).map((p) => p.id);
      const res = pairSwissRound(field, matches, { seed: SEED, round: r });
      checkWellFormed(res, active);
      matches = [...matches, ...record(r, res, rng)];
      field[r].droppedAfterRound = r; // p02 drops after round 1, p03 after round 2, …
    }
  });

  it('rejects a round that already has matches and duplicate ids; podsFirst takes players without a pod', () => {
    const m: RecordedMatch[] = [{ round: 2, playerA: 'p01', playerB: 'p02', winsA: 2, winsB: 0, draws: 0 }];
    expect(() => pairSwissRound(players(4), m, { seed: SEED, round: 2 })).toThrow(RangeError);
    expect(() => pairSwissRound([...players(2), ...players(2)], [], { seed: SEED, round: 1 })).toThrow(/Duplicate/);
    // podsFirst with players who have no pod (late entries): they pair as a pod of their own.
    const mixed = pairSwissRound(
      players(6, (i) => (i < 4 ? 1 : (null as unknown as number))),
      [],
      { seed: SEED, round: 1, podsFirst: true },
    );
    checkWellFormed(mixed, ids(6));
    expect(mixed.byes).toEqual([]);
    expect(() => pairSwissRound(players(4), [], { seed: 'bad/seed', round: 1 })).toThrow(RangeError);
  });

  it('ignores playoff matches', () => {
    const field = players(4);
    const rng = rngFor(SEED, 'test/playoff');
    const m1 = record(1, pairSwissRound(field, [], { seed: SEED, round: 1 }), rng);
    const playoff: RecordedMatch = { round: 9, playerA: 'p01', playerB: 'p02', winsA: 2, winsB: 0, draws: 0, playoff: true };
    expect(pairSwissRound(field, [...m1, playoff], { seed: SEED, round: 2 })).toEqual(pairSwissRound(field, m1, { seed: SEED, round: 2 }));
  });
});

describe('Swiss pairing: properties over many seeded random tournaments', () => {
  it('is optimal (brute force) in rematches, bye placement and pair-downs, with at most one bye per player while another is eligible', () => {
    const rng = rngFor(SEED, 'test/property');
    let checked = 0;
    for (let t = 0; t < 60; t++) {
      const n = 3 + rng.below(9); // 3..11 players
      const field = players(n);
      const rounds = 2 + rng.below(5); // up to 6 rounds, more than n − 1 for small fields
      let matches: RecordedMatch[] = [];
      for (let r = 1; r <= rounds; r++) {
        if (r > 1 && rng.below(5) === 0) {
          const who = field[rng.below(n)];
          if (who.droppedAfterRound === null && field.filter((p) => p.droppedAfterRound === null).length > 2) who.droppedAfterRound = r - 1;
        }
        const active = field.filter((p) => p.droppedAfterRound === null || p.droppedAfterRound >= r).map((p) => p.id);
        const res = pairSwissRound(field, matches, { seed: `t${t}`, round: r });
        checkWellFormed(res, active);
        const { met, hadBye, pts } = facts(matches);
        // Reported rematches are exactly the repeated pairs; repeat byes exactly the second byes.
        const repeated = res.pairings.filter((p) => p.playerB !== null && met.has(pairKey(p.playerA, p.playerB)));
        expect(res.rematches).toEqual(repeated.map((p) => [p.playerA, p.playerB]));
        expect(res.repeatByes).toEqual(res.byes.filter((b) => hadBye.has(b)));
        if (res.repeatByes.length > 0) expect(active.every((id) => hadBye.has(id))).toBe(true);
        if (r > 1) {
          const got = objective(
            res.pairings.map((p) => [p.playerA, p.playerB]),
            pts,
            met,
            hadBye,
          );
          expect(got).toEqual(bruteForceBest(active, pts, met, hadBye));
          checked++;
        }
        matches = [...matches, ...record(r, res, rng)];
      }
    }
    expect(checked).toBeGreaterThan(150);
  });

  it('never pairs a rematch in 8-round events of 16–64 players (random results, drops)', () => {
    const rng = rngFor(SEED, 'test/no-rematch');
    for (let t = 0; t < 12; t++) {
      const n = 16 + rng.below(49);
      const field = players(n);
      let matches: RecordedMatch[] = [];
      const byeCount = new Map<string, number>();
      for (let r = 1; r <= 8; r++) {
        if (r > 1 && rng.below(2) === 0) field[rng.below(n)].droppedAfterRound ??= r - 1;
        const active = field.filter((p) => p.droppedAfterRound === null || p.droppedAfterRound >= r).map((p) => p.id);
        const res = pairSwissRound(field, matches, { seed: `big${t}`, round: r });
        checkWellFormed(res, active);
        expect(res.rematches).toEqual([]);
        expect(res.repeatByes).toEqual([]);
        for (const b of res.byes) byeCount.set(b, (byeCount.get(b) ?? 0) + 1);
        matches = [...matches, ...record(r, res, rng)];
      }
      for (const c of byeCount.values()) expect(c).toBe(1);
    }
  });
});

describe('Swiss pairing: byes and pods over many seeded random tournaments', () => {
  /** The bye candidates, computed here on their own: not last round's receiver (while others play), then the fewest byes. */
  function allowedByes(active: string[], matches: RecordedMatch[], round: number): Set<string> {
    const count = new Map<string, number>();
    const last = new Set<string>();
    for (const m of matches)
      if (m.playerB === null && !m.playoff) {
        count.set(m.playerA, (count.get(m.playerA) ?? 0) + 1);
        if (m.round === round - 1) last.add(m.playerA);
      }
    const pool = active.some((id) => !last.has(id)) ? active.filter((id) => !last.has(id)) : active;
    const fewest = Math.min(...pool.map((id) => count.get(id) ?? 0));
    return new Set(pool.filter((id) => (count.get(id) ?? 0) === fewest));
  }

  /** [bye outside the candidates, rematches, pairs across pods, bye receiver's points, Σ d²] of a pairing. */
  function draftObjective(pairs: [string, string | null][], pts: Map<string, number>, met: Set<string>, allowed: Set<string>, pod: Map<string, number | null>): number[] {
    let badBye = 0;
    let rematches = 0;
    let across = 0;
    let byePoints = 0;
    let squares = 0;
    for (const [a, b] of pairs) {
      if (b === null) {
        byePoints = pts.get(a) ?? 0;
        if (!allowed.has(a)) badBye++;
      } else {
        if (met.has(pairKey(a, b))) rematches++;
        if (pod.get(a) !== pod.get(b)) across++;
        const d = (pts.get(a) ?? 0) - (pts.get(b) ?? 0);
        squares += d * d;
      }
    }
    return [badBye, rematches, across, byePoints, squares];
  }

  it('rule: one bye when the active count is odd, none when even — solo and team, sealed and draft, 4–64 players, drops', () => {
    const rng = rngFor(SEED, 'test/bye-count');
    let rounds = 0;
    for (let t = 0; t < 80; t++) {
      const n = 4 + rng.below(61);
      const draft = t % 2 === 0;
      // Draft pods of 4–8 as the seating makes them (team events: the same, with teams as the players).
      const podCount = Math.max(1, Math.round(n / 8));
      const field = players(n, draft ? (i) => (i % podCount) + 1 : undefined);
      let matches: RecordedMatch[] = [];
      for (let r = 1; r <= 6; r++) {
        if (r > 1 && rng.below(3) === 0) {
          const who = field[rng.below(n)];
          if (who.droppedAfterRound === null && field.filter((p) => p.droppedAfterRound === null).length > 3) who.droppedAfterRound = r - 1;
        }
        const active = field.filter((p) => p.droppedAfterRound === null || p.droppedAfterRound >= r).map((p) => p.id);
        const res = draft ? pairDraftRound(field, matches, { seed: `bc${t}`, round: r }) : pairSwissRound(field, matches, { seed: `bc${t}`, round: r });
        checkWellFormed(res, active);
        expect(res.byes).toHaveLength(active.length % 2);
        if (res.byeTo) expect(allowedByes(active, matches, r).has(res.byeTo)).toBe(true);
        matches = [...matches, ...record(r, res, rng)];
        rounds++;
      }
    }
    expect(rounds).toBe(480);
  });

  it('rule: drafts are optimal (brute force) in bye rule, rematches, pairs across pods, bye placement and pair-downs', () => {
    const rng = rngFor(SEED, 'test/draft-property');
    let checked = 0;
    for (let t = 0; t < 40; t++) {
      const n = 5 + rng.below(6); // 5..10 players in 2–3 pods
      const pods = 2 + rng.below(2);
      const field = players(n, (i) => (i % pods) + 1);
      const pod = new Map(field.map((p) => [p.id, p.pod ?? null]));
      let matches: RecordedMatch[] = [];
      for (let r = 1; r <= 5; r++) {
        if (r > 1 && rng.below(4) === 0) {
          const who = field[rng.below(n)];
          if (who.droppedAfterRound === null && field.filter((p) => p.droppedAfterRound === null).length > 3) who.droppedAfterRound = r - 1;
        }
        const active = field.filter((p) => p.droppedAfterRound === null || p.droppedAfterRound >= r).map((p) => p.id);
        const res = pairDraftRound(field, matches, { seed: `dp${t}`, round: r });
        checkWellFormed(res, active);
        if (r > 1) {
          const { met, pts } = facts(matches);
          const allowed = allowedByes(active, matches, r);
          const score = (pairs: [string, string | null][]) => draftObjective(pairs, pts, met, allowed, pod);
          expect(score(res.pairings.map((p) => [p.playerA, p.playerB]))).toEqual(bruteForce(active, score));
          checked++;
        }
        matches = [...matches, ...record(r, res, rng)];
      }
    }
    expect(checked).toBe(160);
  });
});

describe('solvePairingGraph: the sparse, certified solve equals the complete graph', () => {
  it('gives the same optimum weight as the dense solve on groups of 60–300 players', () => {
    const rng = rngFor(SEED, 'test/sparse');
    for (let t = 0; t < 6; t++) {
      const n = 60 + rng.below(241);
      expect(n).toBeGreaterThan(DENSE_PAIRING_LIMIT);
      const pts = Array.from({ length: n }, () => 3 * rng.below(4) + (rng.below(6) === 0 ? 1 : 0));
      const hadBye = Array.from({ length: n }, () => rng.below(8) === 0);
      const met = new Uint8Array(n * n);
      for (let k = 0; k < 3 * n; k++) {
        const u = rng.below(n);
        const v = rng.below(n);
        if (u !== v) met[u * n + v] = met[v * n + u] = 1;
      }
      const score = (mate: Int32Array) => {
        let secondByes = 0;
        let rematches = 0;
        let byePts = 0;
        let squares = 0;
        for (let u = 0; u < n; u++) {
          const v = mate[u];
          if (v === n) {
            byePts = pts[u];
            secondByes += hadBye[u] ? 1 : 0;
          } else if (u < v) {
            rematches += met[u * n + v];
            squares += (pts[u] - pts[v]) ** 2;
          }
        }
        return [secondByes, rematches, byePts, squares];
      };
      const sparse = solvePairingGraph(pts, hadBye, met, 'sparse');
      const dense = solvePairingGraph(pts, hadBye, met, 'dense');
      expect(score(sparse)).toEqual(score(dense));
      for (let u = 0; u < n; u++) expect(sparse[sparse[u]] === u || sparse[u] === n).toBe(true);
    }
  });

  it('recovers when the candidate subgraph has no perfect matching (a player whose candidates were all met)', () => {
    const n = 60;
    const pts = new Array<number>(n).fill(3);
    const met = new Uint8Array(n * n);
    for (let v = 1; v < n; v++) if (v !== 30) met[v] = met[v * n] = 1; // player 0 has met everyone but 30
    const hadBye = new Array<boolean>(n).fill(false);
    const sparse = solvePairingGraph(pts, hadBye, met, 'sparse');
    expect(sparse[0]).toBe(30);
    const rematches = (mate: Int32Array) => Array.from(mate).filter((v, u) => u < v && met[u * n + v]).length;
    expect(rematches(sparse)).toBe(0);
    expect(rematches(solvePairingGraph(pts, hadBye, met, 'dense'))).toBe(0);
  });

  it('pairs 1,024 players (round 4 after three seeded rounds) with no rematch (its speed: npm run bench, pairing section)', () => {
    const field = players(1024);
    const rng = rngFor(SEED, 'test/speed');
    let matches: RecordedMatch[] = [];
    for (let r = 1; r <= 3; r++) matches = [...matches, ...record(r, pairSwissRound(field, matches, { seed: SEED, round: r }), rng)];
    const res = pairSwissRound(field, matches, { seed: SEED, round: 4 });
    checkWellFormed(res, ids(1024));
    expect(res.rematches).toEqual([]);
  });
});
