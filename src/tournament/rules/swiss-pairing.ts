/**
 * Swiss pairing of one round (docs/rules.md "Tournament rules"; docs/rules.md "Swiss
 * pairing"). Sources and rules:
 * - Round 1 is random (docs/rules.md "Swiss: round 1 random"): the players are shuffled from the event
 *   seed and paired in shuffled order, 1st–2nd, 3rd–4th…; with an odd count the last one gets the bye.
 *   (The MTR leaves the pairing procedure to the pairing software; these rules are docs/rules.md's.)
 * - Later rounds pair inside match-point groups; an odd player pairs down (docs/rules.md). No rematches
 *   unless no other pairing exists, and then they are reported.
 * - At most one bye per round in the whole event, and only when the number of active players (or
 *   teams) is odd. The bye (a 2-0 win, MTR Appendix C: "players receiving byes are considered to have
 *   won the match") goes to the player with the fewest byes so far — never to last round's receiver
 *   while anyone else is active — then the fewest match points, then from the seed (docs/rules.md; once everyone had
 *   a bye, it rotates rather than repeating).
 *   Tiebreakers are never used for pairing (docs/rules.md).
 * - Draft events pair inside the pod first (`podsFirst`): players meet the people they drafted
 *   with; the players an odd pod leaves over are paired with each other across pods (nearest match
 *   points, no rematch), so ten players in two pods of five get no bye at all. A pod that has run
 *   out of new opponents is paired across pods rather than repeat a pairing.
 *
 * Method (docs/rules.md "Swiss pairing"): a maximum-weight matching (max-weight-matching.ts) on a graph whose vertices are
 * the active players of the event, plus a virtual bye vertex when their count is odd. The matching has
 * maximum cardinality, and since every pair has an edge (a rematch edge is merely light) it pairs
 * everyone. Integer weights in tiers, each tier outweighing every possible total of the tiers below,
 * make the optimum lexicographic:
 *   0. (a constraint, not a weight) the bye vertex is joined only to the bye candidates (byeCandidates:
 *      not last round's receiver, then the fewest byes so far);
 *   1. fewest rematches;
 *   1b. with `podsFirst`, fewest pairs across pods;
 *   2. the bye to the lowest match points;
 *   3. the smallest pair-downs: least Σ d² over pairs, d = difference in match points — pairing
 *      inside a group (d = 0) beats any pair-down, and a smaller pair-down beats a larger one
 *      (d² prefers two pair-downs of 1 point to one of 2: each player meets the closest score possible);
 *   4. among equals for the bye, a seeded random priority.
 * Which of several equally good pairings is chosen depends on the vertex order, which is the seeded
 * shuffle of the players, so pairings inside a group vary with the seed; the same seed and input
 * always give the same pairings.
 *
 * Randomness: only `rngFor(seed, pairingPurpose(round))` (stream-purposes.ts), drawn in a documented
 * order: one Fisher–Yates shuffle (seating.ts `shuffle`) of the active players sorted by id in
 * code-unit order (pods only label the players; they draw nothing).
 */
import { rngFor } from '../../common/random/seeded-rng';
import { shuffle } from '../../draft/rules/seating';
import { pairingPurpose } from '../../common/random/stream-purposes';
import { MAX_WEIGHT, maxWeightMatching } from './max-weight-matching';
import { compareIds, matchPointsByPlayer, swissMatches } from './standings';
import { isActiveIn, type RecordedMatch, type TournamentPlayer } from './types';

export interface SwissPairingOptions {
  /** The event seed (seeded-rng.ts). */
  seed: string;
  /** The round to pair, 1-based; the matches given must all be of earlier rounds. */
  round: number;
  /**
   * Draft events: pair inside each pod first, the odd pods' leftovers across pods (see the file
   * comment); default false. Players without a `pod` count as one pod of their own.
   */
  podsFirst?: boolean;
  /** The organizer's re-pair count of this round (0: as first paired): picks the random stream (pairingPurpose). */
  repair?: number;
}

/** One table of the round. */
export interface SwissPairing {
  /** 1-based, in order of the higher match points of the pair (byes last). */
  table: number;
  /** The player with more match points (equal: the seeded order); the bye's receiver for a bye. */
  playerA: string;
  /** null for a bye. */
  playerB: string | null;
  /** The two have met in an earlier Swiss round (or, for a bye, the player had a bye before). */
  rematch: boolean;
  /** With `podsFirst`, the pod both players are in (null for a pair across pods); otherwise null. */
  pod: number | null;
  /** Match points before the round. */
  pointsA: number;
  pointsB: number | null;
}

export interface SwissPairingResult {
  pairings: SwissPairing[];
  /** Pairs that meet again, as [playerA, playerB] in table order; empty unless unavoidable. */
  rematches: [string, string][];
  /** The round's bye, or null (an even number of active players). */
  byeTo: string | null;
  /** The round's byes in table order: `[byeTo]` or empty. */
  byes: string[];
  /** The bye when its receiver already had one (only when every active player had as many). */
  repeatByes: string[];
}

/** One group's pairs as vertex indices (−1 for the bye), and which of them are rematches / repeat byes. */
interface GroupPairing {
  pairs: [number, number][];
  rematch: boolean[];
}

/**
 * The pairings of round `options.round`.
 * @param players every player of the event; those dropped before this round are not paired.
 * @param matches the finished matches of earlier rounds (playoff matches are ignored).
 * @throws RangeError on inconsistent input (a caller's bug): duplicate ids, a match of this round or
 *   later, or an invalid round or seed.
 */
export function pairSwissRound(players: readonly TournamentPlayer[], matches: readonly RecordedMatch[], options: SwissPairingOptions): SwissPairingResult {
  const { seed, round } = options;
  const rng = rngFor(seed, pairingPurpose(round, options.repair ?? 0));
  const ids = new Set<string>();
  for (const p of players) {
    if (ids.has(p.id)) throw new RangeError(`Duplicate player id ${p.id}`);
    ids.add(p.id);
  }
  const history = swissMatches(matches);
  for (const m of history) if (m.round >= round) throw new RangeError(`Round ${round} cannot be paired: a match of round ${m.round} exists`);

  // One seeded order of every active player; with podsFirst each also carries its pod.
  const active = players.filter((p) => isActiveIn(p, round));
  const order = shuffle(active.map((p) => p.id).sort(compareIds), rng);
  const podById = new Map(active.map((p) => [p.id, options.podsFirst && p.pod !== undefined && p.pod !== null ? p.pod : null]));
  const podOf = order.map((id) => podById.get(id)!);

  const points = matchPointsByPlayer(history);
  const pts = order.map((id) => points.get(id) ?? 0);
  const met: [string, string][] = [];
  const byeCount = new Map<string, number>();
  const lastBye = new Set<string>();
  for (const m of history) {
    if (m.playerB === null) {
      byeCount.set(m.playerA, (byeCount.get(m.playerA) ?? 0) + 1);
      if (m.round === round - 1) lastBye.add(m.playerA);
    } else met.push([m.playerA, m.playerB]);
  }
  const byes = order.map((id) => byeCount.get(id) ?? 0);

  // Round 1 (or no earlier Swiss match at all): the seeded order itself, pod by pod.
  const pairing =
    round === 1 || history.length === 0
      ? options.podsFirst
        ? pairPodsInOrder(podOf)
        : pairInOrder(order.length)
      : pairByMatching(order, pts, met, byes, lastBye, options.podsFirst ? podOf : null);

  const tables: Omit<SwissPairing, 'table'>[] = [];
  pairing.pairs.forEach(([u, v], i) => {
    if (v === -1) {
      tables.push({ playerA: order[u], playerB: null, rematch: pairing.rematch[i], pod: podOf[u], pointsA: pts[u], pointsB: null });
      return;
    }
    // Player A: more points; equal points: earlier in the seeded order.
    const [a, b] = pts[u] > pts[v] || (pts[u] === pts[v] && u < v) ? [u, v] : [v, u];
    tables.push({ playerA: order[a], playerB: order[b], rematch: pairing.rematch[i], pod: podOf[a] === podOf[b] ? podOf[a] : null, pointsA: pts[a], pointsB: pts[b] });
  });

  // Table order: the higher match points of the pair, then the lower, then pod (across pods last); byes last.
  const podRank = (pod: number | null) => pod ?? Number.MAX_SAFE_INTEGER;
  const indexed = tables.map((t, i) => ({ t, i }));
  indexed.sort((x, y) => {
    const bx = x.t.playerB === null ? 1 : 0;
    const by = y.t.playerB === null ? 1 : 0;
    return bx - by || y.t.pointsA - x.t.pointsA || (y.t.pointsB ?? 0) - (x.t.pointsB ?? 0) || podRank(x.t.pod) - podRank(y.t.pod) || x.i - y.i;
  });
  const pairings = indexed.map(({ t }, i) => ({ table: i + 1, ...t }));
  const byeList = pairings.filter((p) => p.playerB === null).map((p) => p.playerA);
  return {
    pairings,
    rematches: pairings.filter((p) => p.rematch && p.playerB !== null).map((p) => [p.playerA, p.playerB!] as [string, string]),
    byeTo: byeList[0] ?? null,
    byes: byeList,
    repeatByes: pairings.filter((p) => p.rematch && p.playerB === null).map((p) => p.playerA),
  };
}

/** Round 1: consecutive players of the seeded order meet; an odd last player gets the bye. */
function pairInOrder(n: number): GroupPairing {
  const pairs: [number, number][] = [];
  for (let i = 0; i + 1 < n; i += 2) pairs.push([i, i + 1]);
  if (n % 2 === 1) pairs.push([n - 1, -1]);
  return { pairs, rematch: pairs.map(() => false) };
}

/**
 * Round 1 of a draft: inside each pod, consecutive players of the seeded order meet; the last player
 * of each odd pod is left over, and the leftovers meet each other across pods in the seeded order;
 * an odd last one (only when the whole event is odd) gets the bye.
 * @param podOf pod by vertex (the vertex index is the seeded order).
 */
function pairPodsInOrder(podOf: readonly (number | null)[]): GroupPairing {
  const byPod = new Map<number | null, number[]>();
  podOf.forEach((pod, u) => {
    const list = byPod.get(pod) ?? [];
    list.push(u);
    byPod.set(pod, list);
  });
  const pairs: [number, number][] = [];
  const leftovers: number[] = [];
  for (const pod of [...byPod.keys()].sort((a, b) => (a ?? Infinity) - (b ?? Infinity))) {
    const list = byPod.get(pod)!;
    for (let i = 0; i + 1 < list.length; i += 2) pairs.push([list[i], list[i + 1]]);
    if (list.length % 2 === 1) leftovers.push(list[list.length - 1]);
  }
  leftovers.sort((a, b) => a - b);
  for (let i = 0; i + 1 < leftovers.length; i += 2) pairs.push([leftovers[i], leftovers[i + 1]]);
  if (leftovers.length % 2 === 1) pairs.push([leftovers[leftovers.length - 1], -1]);
  return { pairs, rematch: pairs.map(() => false) };
}

/**
 * The integer weights of one round's graph (see the file comment for the tiers).
 * @param pts match points by vertex (the vertex index is the seeded order).
 * @param podsFirst whether pairs inside a pod outweigh (tier 1b) every bye level and pair-down.
 * @throws RangeError when the weights would exceed MAX_WEIGHT (far beyond any real event).
 */
export function pairingWeights(pts: readonly number[], podsFirst = false) {
  const n = pts.length;
  const withBye = n % 2 === 1;
  const pairsInMatching = (n + (withBye ? 1 : 0)) / 2;
  let maxPts = 0;
  for (const p of pts) maxPts = Math.max(maxPts, p);
  let minPts = maxPts;
  for (const p of pts) minPts = Math.min(minPts, p);
  const spread = maxPts - minPts;
  const u1 = n; // bye priority 0..n−1 (the vertex index: its seeded position)
  const pairDownTotal = pairsInMatching * spread * spread * u1; // largest possible Σ d²·u1
  const u2 = pairDownTotal + u1; // one step of the bye's level outweighs every pair-down
  const byeTotal = spread * u2; // largest possible bye-level term
  const uPod = podsFirst ? byeTotal + pairDownTotal + u1 + 1 : 0; // one pair kept in its pod outweighs both
  const u3 = pairsInMatching * uPod + byeTotal + pairDownTotal + u1 + 1; // one rematch outweighs everything below
  const base = spread * spread * u1;
  if (u3 + uPod + byeTotal + base + n > MAX_WEIGHT) throw new RangeError('Too many players or match points for exact pairing weights');
  return {
    /** The tier units (see the file comment): pair weight = (rematch ? 0 : u3) + (same pod ? uPod : 0) + base − d²·u1. */
    u1,
    u3,
    uPod,
    base,
    /** Weight of pairing players u and v (vertex indices). */
    pair(u: number, v: number, rematch: boolean, samePod = false): number {
      const d = pts[u] - pts[v];
      return (rematch ? 0 : u3) + (samePod ? uPod : 0) + base - d * d * u1;
    },
    /**
     * Weight of giving the bye to u (only players who may get it have a bye edge: see
     * byeCandidates). Every perfect matching holds exactly one bye edge, so all bye weights are
     * shifted by one constant, making the best one equal to the best pair (u3 + uPod + base): the
     * optimum is unchanged, and the matcher's greedy start finds more edges of the largest weight.
     */
    bye(u: number): number {
      return u3 + uPod + (maxPts - pts[u] - spread) * u2 + base + u - (n - 1);
    },
  };
}

/**
 * Rounds ≥ 2: the maximum-weight matching of the round (see the file comment).
 * @param byes byes so far, by vertex. @param lastBye who had last round's bye.
 * @param podOf pod by vertex with `podsFirst`, else null.
 */
function pairByMatching(
  order: readonly string[],
  pts: readonly number[],
  met: readonly (readonly [string, string])[],
  byes: readonly number[],
  lastBye: ReadonlySet<string>,
  podOf: readonly (number | null)[] | null,
): GroupPairing {
  const n = order.length;
  const barred = barredFromBye(
    byes,
    order.map((id) => lastBye.has(id)),
  );
  const index = new Map(order.map((id, i) => [id, i]));
  const metMatrix = new Uint8Array(n * n);
  for (const [a, b] of met) {
    const u = index.get(a);
    const v = index.get(b);
    if (u !== undefined && v !== undefined) metMatrix[u * n + v] = metMatrix[v * n + u] = 1;
  }
  const mate = solvePairingGraph(pts, barred, metMatrix, 'auto', podOf);
  const pairs: [number, number][] = [];
  const rematch: boolean[] = [];
  for (let u = 0; u < n; u++) {
    const v = mate[u];
    if (v === n) {
      pairs.push([u, -1]);
      rematch.push(byes[u] > 0);
    } else if (u < v) {
      pairs.push([u, v]);
      rematch.push(metMatrix[u * n + v] === 1);
    }
  }
  return { pairs, rematch };
}

/**
 * Who may not receive the bye, by vertex (docs/rules.md): last round's receiver
 * while anyone else is active, and everyone with more byes than the fewest among the rest. So a
 * second bye goes out only once every eligible player had one, and never twice in a row by choice.
 */
export function barredFromBye(byes: readonly number[], hadLastBye: readonly boolean[]): boolean[] {
  const n = byes.length;
  const others = hadLastBye.some((last) => !last);
  const eligible = (u: number) => !(others && hadLastBye[u]);
  let fewest = Infinity;
  for (let u = 0; u < n; u++) if (eligible(u)) fewest = Math.min(fewest, byes[u]);
  return byes.map((b, u) => !(eligible(u) && b === fewest));
}

/** Groups up to this size are solved on the complete graph directly. */
export const DENSE_PAIRING_LIMIT = 48;
/** Sparse start: about this many candidate partners per player inside its group and toward each neighbouring group. */
const CANDIDATES_PER_PLAYER = 12;
/** Solve-and-certify rounds before falling back to the complete graph (each round adds edges; 1–2 are usual). */
const MAX_SPARSE_ROUNDS = 20;

/**
 * The optimal pairing of one group as a mate array: `mate[u]` is u's opponent, or n for the bye.
 *
 * The graph is complete (every pair of players, plus the bye vertex to byeCandidates when n is odd),
 * so a perfect matching always exists. `dense` solves it as it is, O(n³). `sparse` (the default above
 * DENSE_PAIRING_LIMIT players) solves a subgraph of candidate edges — within each match-point level
 * and towards the neighbouring levels, a circulant of the seeded order, rematches left out — and then
 * certifies the result against the complete graph with the final duals (max-weight-matching.ts,
 * `slack`): if every left-out pair has non-negative slack, the subgraph's optimum is an optimum of the
 * complete graph (LP duality of the perfect-matching polytope); otherwise the violating pairs are added
 * and it solves again. If the subgraph has no perfect matching, the unmatched players get all their
 * pairs. After MAX_SPARSE_ROUNDS it solves the complete graph. Either way the matching has the same,
 * optimal, weight as the complete graph's.
 *
 * @param pts match points by vertex. @param barred by vertex: may not get the bye (unless all are).
 * @param met n×n 0/1 matrix of past pairings. @param podOf pod by vertex to pair pods first, else null.
 */
export function solvePairingGraph(
  pts: readonly number[],
  barred: readonly boolean[],
  met: Uint8Array,
  strategy: 'auto' | 'dense' | 'sparse' = 'auto',
  podOf: readonly (number | null)[] | null = null,
): Int32Array {
  const n = pts.length;
  const weights = pairingWeights(pts, podOf !== null);
  const withBye = n % 2 === 1;
  const vertexCount = n + (withBye ? 1 : 0);
  const samePod = (u: number, v: number) => podOf !== null && podOf[u] === podOf[v];
  const weightOf = (u: number, v: number) => weights.pair(u, v, met[u * n + v] === 1, samePod(u, v));
  const byeTo = withBye ? byeCandidates(barred) : [];

  const solve = (edgeU: number[] | Int32Array, edgeV: number[] | Int32Array, edgeWeight: number[] | Float64Array) =>
    maxWeightMatching({ vertexCount, edgeU, edgeV, edgeWeight }, { maxCardinality: true });

  const dense = (): Int32Array => {
    const edgeCount = (n * (n - 1)) / 2 + byeTo.length;
    const edgeU = new Int32Array(edgeCount);
    const edgeV = new Int32Array(edgeCount);
    const edgeWeight = new Float64Array(edgeCount);
    let k = 0;
    for (let u = 0; u < n; u++) {
      for (let v = u + 1; v < n; v++) {
        edgeU[k] = u;
        edgeV[k] = v;
        edgeWeight[k++] = weightOf(u, v);
      }
    }
    for (const u of byeTo) {
      edgeU[k] = u;
      edgeV[k] = n;
      edgeWeight[k++] = weights.bye(u);
    }
    return checkedPerfect(solve(edgeU, edgeV, edgeWeight).mate, n)!;
  };

  if (strategy === 'dense' || (strategy === 'auto' && n <= DENSE_PAIRING_LIMIT)) return dense();

  // Candidate subgraph.
  const inGraph = new Uint8Array(n * n);
  const edgeU: number[] = [];
  const edgeV: number[] = [];
  const edgeWeight: number[] = [];
  const add = (u: number, v: number) => {
    if (u === v || inGraph[u * n + v]) return;
    inGraph[u * n + v] = inGraph[v * n + u] = 1;
    edgeU.push(u);
    edgeV.push(v);
    edgeWeight.push(weightOf(u, v));
  };
  const levels = [...new Set(pts)].sort((a, b) => b - a);
  const members = levels.map((p) => {
    const list: number[] = [];
    for (let v = 0; v < n; v++) if (pts[v] === p) list.push(v);
    return list;
  });
  const k = CANDIDATES_PER_PLAYER;
  const addUnlessMet = (u: number, v: number) => {
    if (met[u * n + v] === 0) add(u, v);
  };
  members.forEach((list, li) => {
    const m = list.length;
    if (m <= k + 1) {
      for (let i = 0; i < m; i++) for (let j = i + 1; j < m; j++) addUnlessMet(list[i], list[j]);
    } else {
      for (let i = 0; i < m; i++) for (let off = 1; off <= k / 2; off++) addUnlessMet(list[i], list[(i + off) % m]);
    }
    const below = members[li + 1];
    if (!below) return;
    const [a, b] = [list, below];
    if (a.length <= k || b.length <= k) {
      for (const u of a) for (const v of b) addUnlessMet(u, v);
    } else {
      for (let i = 0; i < a.length; i++) {
        const centre = Math.floor((i * b.length) / a.length);
        for (let off = -k / 4; off < k / 4; off++) addUnlessMet(a[i], b[(centre + off + b.length) % b.length]);
      }
    }
  });
  // Pods first: every pair inside a pod is a candidate (pods hold at most a few players).
  if (podOf !== null) for (let u = 0; u < n; u++) for (let v = u + 1; v < n; v++) if (samePod(u, v)) addUnlessMet(u, v);
  for (let round = 0; round < MAX_SPARSE_ROUNDS; round++) {
    const u = edgeU.slice();
    const v = edgeV.slice();
    const w = edgeWeight.slice();
    for (const x of byeTo) {
      u.push(x);
      v.push(n);
      w.push(weights.bye(x));
    }
    const solution = solve(u, v, w);
    const mate = checkedPerfect(solution.mate, n);
    if (mate === null) {
      // No perfect matching in the subgraph: give every unmatched player all its pairs (rematches
      // too). The unmatched players can then meet each other, so the next subgraph has one.
      for (let x = 0; x < n; x++) if (solution.mate[x] === -1) for (let y = 0; y < n; y++) add(x, y);
      continue;
    }
    // Certificate: every left-out pair needs slack ≥ 0. The vertex duals alone give a lower bound
    // (blossom duals are ≥ 0), so the exact slack is computed only for the few pairs below zero.
    const dual = solution.vertexDual;
    const { u1, u3, uPod, base } = weights;
    let added = 0;
    for (let x = 0; x < n; x++) {
      const dx = dual[x];
      const px = pts[x];
      const row = x * n;
      for (let y = x + 1; y < n; y++) {
        if (inGraph[row + y]) continue;
        const d = px - pts[y];
        const wt = (met[row + y] ? 0 : u3) + (samePod(x, y) ? uPod : 0) + base - d * d * u1;
        if (dx + dual[y] < 2 * wt && solution.negativeSlack(x, y, wt)) {
          add(x, y);
          added++;
        }
      }
    }
    if (added === 0) return mate;
  }
  return dense();
}

/**
 * Who may receive the bye: the players not barred (barredFromBye), or everybody when all are. The
 * graph joins the bye vertex to these only, so the bye rule holds whatever it costs in rematches.
 */
export function byeCandidates(barred: readonly boolean[]): number[] {
  const eligible: number[] = [];
  for (let u = 0; u < barred.length; u++) if (!barred[u]) eligible.push(u);
  return eligible.length > 0 ? eligible : barred.map((_, u) => u);
}

/** The mate array when every player is matched (to a player, or to the bye vertex n), else null. */
function checkedPerfect(mate: Int32Array, n: number): Int32Array | null {
  for (let u = 0; u < n; u++) if (mate[u] === -1) return null;
  return mate;
}

/**
 * A draft event's round (docs/rules.md: players play the people they drafted with): pods first, the odd
 * pods' leftovers across pods, one bye at most for the whole event; a pod that has run out of new
 * opponents (a 4-player pod in round 4, a team draft's two-team pod in round 2) meets other pods'
 * players rather than the same ones again (rematches outweigh pods: see the file comment).
 * @throws RangeError as pairSwissRound.
 */
export function pairDraftRound(players: readonly TournamentPlayer[], matches: readonly RecordedMatch[], options: Omit<SwissPairingOptions, 'podsFirst'>): SwissPairingResult {
  return pairSwissRound(players, matches, { ...options, podsFirst: true });
}
