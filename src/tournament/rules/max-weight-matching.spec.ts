import { rngFor } from '../../common/random/seeded-rng';
import { maxWeightMatching, maxWeightMatchingOfEdges, type MatchingGraph } from './max-weight-matching';

type Edge = readonly [number, number, number];

/** Every matching by brute force: the best weight overall and the best weight among maximum-cardinality ones. */
function bruteForce(n: number, edges: readonly Edge[]): { bestWeight: number; maxCard: number; bestWeightAtMaxCard: number } {
  const adj: { to: number; w: number }[][] = Array.from({ length: n }, () => []);
  for (const [u, v, w] of edges) {
    adj[u].push({ to: v, w });
    adj[v].push({ to: u, w });
  }
  const used = new Array<boolean>(n).fill(false);
  let bestWeight = 0;
  let maxCard = 0;
  let bestWeightAtMaxCard = 0;
  const go = (from: number, card: number, weight: number): void => {
    let v = from;
    while (v < n && used[v]) v++;
    if (v >= n) {
      bestWeight = Math.max(bestWeight, weight);
      if (card > maxCard) {
        maxCard = card;
        bestWeightAtMaxCard = weight;
      } else if (card === maxCard) bestWeightAtMaxCard = Math.max(bestWeightAtMaxCard, weight);
      return;
    }
    used[v] = true;
    go(v + 1, card, weight); // v stays single
    for (const { to, w } of adj[v]) {
      if (used[to]) continue;
      used[to] = true;
      go(v + 1, card + 1, weight + w);
      used[to] = false;
    }
    used[v] = false;
  };
  go(0, 0, 0);
  return { bestWeight, maxCard, bestWeightAtMaxCard };
}

/** Checks that `mate` is a symmetric matching on the given edges; returns its cardinality and weight. */
function measure(n: number, edges: readonly Edge[], mate: ArrayLike<number>): { card: number; weight: number } {
  const weightOf = new Map<string, number>();
  for (const [u, v, w] of edges) {
    const key = u < v ? `${u}-${v}` : `${v}-${u}`;
    weightOf.set(key, Math.max(weightOf.get(key) ?? -Infinity, w));
  }
  let card = 0;
  let weight = 0;
  for (let v = 0; v < n; v++) {
    const m = mate[v] ?? -1;
    if (m === -1) continue;
    expect(mate[m]).toBe(v);
    if (v < m) {
      const w = weightOf.get(`${v}-${m}`);
      expect(w).toBeDefined();
      card++;
      weight += w!;
    }
  }
  return { card, weight };
}

function toGraph(n: number, edges: readonly Edge[]): MatchingGraph {
  return { vertexCount: n, edgeU: edges.map((e) => e[0]), edgeV: edges.map((e) => e[1]), edgeWeight: edges.map((e) => e[2]) };
}

describe('maxWeightMatching (Edmonds blossom, Galil 1986 / Van Rantwijk)', () => {
  it('handles the trivial cases', () => {
    expect(maxWeightMatchingOfEdges([])).toEqual([]);
    expect(maxWeightMatchingOfEdges([[0, 1, 1]])).toEqual([1, 0]);
    expect(
      maxWeightMatchingOfEdges([
        [1, 2, 10],
        [2, 3, 11],
      ]),
    ).toEqual([-1, -1, 3, 2]);
    expect(
      maxWeightMatchingOfEdges([
        [1, 2, 5],
        [2, 3, 11],
        [3, 4, 5],
      ]),
    ).toEqual([-1, -1, 3, 2, -1]);
  });

  it('prefers cardinality first with maxCardinality', () => {
    expect(
      maxWeightMatchingOfEdges(
        [
          [1, 2, 5],
          [2, 3, 11],
          [3, 4, 5],
        ],
        { maxCardinality: true },
      ),
    ).toEqual([-1, 2, 1, 4, 3]);
  });

  it('handles negative weights (used only for cardinality)', () => {
    const edges: Edge[] = [
      [1, 2, 2],
      [1, 3, -2],
      [2, 3, 1],
      [2, 4, -1],
      [3, 4, -6],
    ];
    expect(maxWeightMatchingOfEdges(edges)).toEqual([-1, 2, 1, -1, -1]);
    expect(maxWeightMatchingOfEdges(edges, { maxCardinality: true })).toEqual([-1, 3, 4, 1, 2]);
  });

  // The blossom cases of the reference implementation's own test suite: each exercises one path of
  // the algorithm (S-blossom, T-blossom relabel, nested blossoms, expansion), and each optimum is unique.
  it.each<[string, Edge[], number[]]>([
    [
      'S-blossom used for augmentation',
      [
        [1, 2, 8],
        [1, 3, 9],
        [2, 3, 10],
        [3, 4, 7],
      ],
      [-1, 2, 1, 4, 3],
    ],
    [
      'S-blossom, second augmentation',
      [
        [1, 2, 8],
        [1, 3, 9],
        [2, 3, 10],
        [3, 4, 7],
        [1, 6, 5],
        [4, 5, 6],
      ],
      [-1, 6, 3, 2, 5, 4, 1],
    ],
    [
      'S-blossom relabelled as T (a)',
      [
        [1, 2, 9],
        [1, 3, 8],
        [2, 3, 10],
        [1, 4, 5],
        [4, 5, 4],
        [1, 6, 3],
      ],
      [-1, 6, 3, 2, 5, 4, 1],
    ],
    [
      'S-blossom relabelled as T (b)',
      [
        [1, 2, 9],
        [1, 3, 8],
        [2, 3, 10],
        [1, 4, 5],
        [4, 5, 3],
        [1, 6, 4],
      ],
      [-1, 6, 3, 2, 5, 4, 1],
    ],
    [
      'S-blossom relabelled as T (c)',
      [
        [1, 2, 9],
        [1, 3, 8],
        [2, 3, 10],
        [1, 4, 5],
        [4, 5, 3],
        [3, 6, 4],
      ],
      [-1, 2, 1, 6, 5, 4, 3],
    ],
    [
      'nested S-blossom',
      [
        [1, 2, 9],
        [1, 3, 9],
        [2, 3, 10],
        [2, 4, 8],
        [3, 5, 8],
        [4, 5, 10],
        [5, 6, 6],
      ],
      [-1, 3, 4, 1, 2, 6, 5],
    ],
    [
      'S-blossom relabelled as S inside a nested one',
      [
        [1, 2, 10],
        [1, 7, 10],
        [2, 3, 12],
        [3, 4, 20],
        [3, 5, 20],
        [4, 5, 25],
        [5, 6, 10],
        [6, 7, 10],
        [7, 8, 8],
      ],
      [-1, 2, 1, 4, 3, 6, 5, 8, 7],
    ],
    [
      'nested S-blossom expanded recursively',
      [
        [1, 2, 8],
        [1, 3, 8],
        [2, 3, 10],
        [2, 4, 12],
        [3, 5, 12],
        [4, 5, 14],
        [4, 6, 12],
        [5, 7, 12],
        [6, 7, 14],
        [7, 8, 12],
      ],
      [-1, 2, 1, 5, 6, 3, 4, 8, 7],
    ],
    [
      'S-blossom relabelled as T and expanded',
      [
        [1, 2, 23],
        [1, 5, 22],
        [1, 6, 15],
        [2, 3, 25],
        [3, 4, 22],
        [4, 5, 25],
        [4, 8, 14],
        [5, 7, 13],
      ],
      [-1, 6, 3, 2, 8, 7, 1, 5, 4],
    ],
    [
      'nested S-blossom relabelled as T and expanded',
      [
        [1, 2, 19],
        [1, 3, 20],
        [1, 8, 8],
        [2, 3, 25],
        [2, 4, 18],
        [3, 5, 18],
        [4, 5, 13],
        [4, 7, 7],
        [5, 6, 7],
      ],
      [-1, 8, 3, 2, 7, 6, 5, 4, 1],
    ],
    [
      'T-blossom relabelled in more than one way',
      [
        [1, 2, 45],
        [1, 5, 45],
        [2, 3, 50],
        [3, 4, 45],
        [4, 5, 50],
        [1, 6, 30],
        [3, 9, 35],
        [4, 8, 35],
        [5, 7, 26],
        [9, 10, 5],
      ],
      [-1, 6, 3, 2, 8, 7, 1, 5, 4, 10, 9],
    ],
    [
      'T-blossom relabelled in more than one way (b)',
      [
        [1, 2, 45],
        [1, 5, 45],
        [2, 3, 50],
        [3, 4, 45],
        [4, 5, 50],
        [1, 6, 30],
        [3, 9, 35],
        [4, 8, 26],
        [5, 7, 40],
        [9, 10, 5],
      ],
      [-1, 6, 3, 2, 8, 7, 1, 5, 4, 10, 9],
    ],
    [
      'T expansion creating a new least-slack edge',
      [
        [1, 2, 45],
        [1, 5, 45],
        [2, 3, 50],
        [3, 4, 45],
        [4, 5, 50],
        [1, 6, 30],
        [3, 9, 35],
        [4, 8, 28],
        [5, 7, 26],
        [9, 10, 5],
      ],
      [-1, 6, 3, 2, 8, 7, 1, 5, 4, 10, 9],
    ],
    [
      'nested blossom on the augmenting path after expansion',
      [
        [1, 2, 45],
        [1, 7, 45],
        [2, 3, 50],
        [3, 4, 45],
        [4, 5, 95],
        [4, 6, 94],
        [5, 6, 94],
        [6, 7, 50],
        [1, 8, 30],
        [3, 11, 35],
        [5, 9, 36],
        [7, 10, 26],
        [11, 12, 5],
      ],
      [-1, 8, 3, 2, 6, 9, 4, 10, 1, 5, 7, 12, 11],
    ],
    [
      'nested S-blossom relabelled as S and expanded',
      [
        [1, 2, 40],
        [1, 3, 40],
        [2, 3, 60],
        [2, 4, 55],
        [3, 5, 55],
        [4, 5, 50],
        [1, 8, 15],
        [5, 7, 30],
        [7, 6, 10],
        [8, 10, 10],
        [4, 9, 30],
      ],
      [-1, 2, 1, 5, 9, 3, 7, 6, 10, 4, 8],
    ],
  ])('%s', (_name, edges, expected) => {
    expect(maxWeightMatchingOfEdges(edges)).toEqual(expected);
    const n = expected.length;
    expect(() => maxWeightMatching(toGraph(n, edges), { verify: true })).not.toThrow();
  });

  it('equals brute force in weight and cardinality on 3,000 seeded random graphs of ≤ 10 vertices', () => {
    const rng = rngFor('00112233445566778899aabbccddeeff', 'test/max-weight-matching');
    for (let t = 0; t < 3000; t++) {
      const n = 1 + rng.below(10);
      const density = 1 + rng.below(4); // 1/4 .. 4/4 of the pairs
      const maxW = [3, 10, 1000, 2 ** 40][rng.below(4)]; // few distinct weights → many ties; large weights too
      const negative = rng.below(4) === 0;
      const edges: Edge[] = [];
      for (let u = 0; u < n; u++) {
        for (let v = u + 1; v < n; v++) {
          if (rng.below(4) >= density) continue;
          const w = rng.below(Math.min(maxW, 2 ** 32)) * (maxW > 2 ** 32 ? 256 : 1) - (negative ? Math.floor(maxW / 3) : 0);
          edges.push(rng.below(2) ? [u, v, w] : [v, u, w]);
        }
      }
      const want = bruteForce(n, edges);
      for (const maxCardinality of [false, true]) {
        const { mate } = maxWeightMatching(toGraph(n, edges), { maxCardinality, verify: true });
        const got = measure(n, edges, mate);
        if (maxCardinality) {
          expect(got.card).toBe(want.maxCard);
          expect(got.weight).toBe(want.bestWeightAtMaxCard);
        } else {
          expect(got.weight).toBe(want.bestWeight);
        }
      }
    }
  });

  it('certifies optimality through slack(): every edge has slack ≥ 0, matched edges 0', () => {
    const rng = rngFor('00112233445566778899aabbccddeeff', 'test/max-weight-matching/slack');
    const n = 12;
    const edges: Edge[] = [];
    for (let u = 0; u < n; u++) for (let v = u + 1; v < n; v++) edges.push([u, v, rng.below(50)]);
    const { mate, slack } = maxWeightMatching(toGraph(n, edges), { maxCardinality: true });
    for (const [u, v, w] of edges) {
      expect(slack(u, v, w)).toBeGreaterThanOrEqual(0);
      if (mate[u] === v) expect(slack(u, v, w)).toBe(0);
    }
  });

  it('is deterministic and solves a 200-vertex dense graph exactly (verified duals)', () => {
    const rng = rngFor('00112233445566778899aabbccddeeff', 'test/max-weight-matching/dense');
    const n = 200;
    const edges: Edge[] = [];
    for (let u = 0; u < n; u++) for (let v = u + 1; v < n; v++) edges.push([u, v, rng.below(1000)]);
    const a = maxWeightMatching(toGraph(n, edges), { maxCardinality: true, verify: true }).mate;
    const b = maxWeightMatching(toGraph(n, edges), { maxCardinality: true }).mate;
    expect(Array.from(a)).toEqual(Array.from(b));
    expect(Array.from(a).every((m) => m >= 0)).toBe(true);
  });

  it('rejects loops, unknown vertices and unsafe weights', () => {
    expect(() => maxWeightMatching(toGraph(2, [[0, 0, 1]]))).toThrow(RangeError);
    expect(() => maxWeightMatching(toGraph(2, [[0, 2, 1]]))).toThrow(RangeError);
    expect(() => maxWeightMatching(toGraph(2, [[0, 1, 0.5]]))).toThrow(RangeError);
    expect(() => maxWeightMatching(toGraph(2, [[0, 1, 2 ** 50]]))).toThrow(RangeError);
  });
});
