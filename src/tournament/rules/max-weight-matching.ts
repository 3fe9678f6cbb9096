/**
 * Maximum-weight matching in a general graph: Edmonds' blossom algorithm with the primal-dual method,
 * O(n³), as described by Galil ("Efficient Algorithms for Finding Maximum Matching in Graphs", ACM
 * Computing Surveys 18(1), 1986). This is a TypeScript port of the structure of Joris van Rantwijk's
 * well-known reference implementation (mwmatching.py, 2008), with flat typed arrays instead of Python
 * lists and without its debug checks; `verifyOptimum` below re-implements its final optimality check.
 * Two additions: a greedy start (edges of the largest weight are matched before the first stage, which
 * keeps every invariant and saves most stages when many edges tie, as in Swiss pairing), and the final
 * duals (`slack`) so that a caller can certify a sparse solve against a larger graph.
 *
 * Why here: Swiss pairing (swiss-pairing.ts, docs/rules.md "Swiss pairing") is a maximum-weight
 * matching, and no well-kept npm package solves it. Pure: no I/O, no randomness.
 *
 * Numbers: with integer weights every quantity stays an integer (vertex duals are stored doubled, so
 * half-integral duals stay integral), and the result is exact as long as every |weight| ≤ MAX_WEIGHT
 * (duals and slacks stay well inside Number.MAX_SAFE_INTEGER).
 *
 * Terms (sub-blossom, S-/T-vertex, stage, substage) are Galil's. Vertices are 0..n−1; non-trivial
 * blossoms are numbered n..2n−1. Edge k has endpoints 2k (its `u`) and 2k+1 (its `v`); `p ^ 1` is the
 * other end of endpoint p.
 */

/** Largest accepted |weight|: 2^48, so doubled duals, slacks and their sums stay exact doubles. */
export const MAX_WEIGHT = 2 ** 48;

/** The graph: `vertexCount` vertices 0..n−1 and edges (edgeU[k], edgeV[k]) of weight edgeWeight[k]. */
export interface MatchingGraph {
  vertexCount: number;
  edgeU: ArrayLike<number>;
  edgeV: ArrayLike<number>;
  /** Integer weights, |w| ≤ MAX_WEIGHT. Negative weights are allowed (such edges are used only for maxCardinality). */
  edgeWeight: ArrayLike<number>;
}

export interface MatchingOptions {
  /** Consider only matchings of maximum cardinality, and among them the heaviest; default false. */
  maxCardinality?: boolean;
  /** Check the primal-dual optimality conditions before returning (O(m·depth)); throws if violated. Default false. */
  verify?: boolean;
}

/** The optimum, and the final dual solution that certifies it. */
export interface MatchingSolution {
  /** mate[v] = the vertex matched to v, or −1 when v is single. */
  mate: Int32Array;
  /** Final vertex duals, doubled (2·y_v): `vertexDual[u] + vertexDual[v] − 2w` is a lower bound of slack(u, v, w). */
  vertexDual: Float64Array;
  /**
   * Twice the reduced cost of a (possibly absent) edge {u, v} of weight w under the final duals:
   * 2·(y_u + y_v + Σ z_B over blossoms holding both) − 2w. A perfect matching is a maximum-weight
   * perfect matching of any larger graph on the same vertices in which every added edge has
   * `slack ≥ 0` (LP duality for Edmonds' perfect-matching polytope; swiss-pairing.ts uses this to
   * solve a sparse graph and certify it against the complete one).
   */
  slack(u: number, v: number, weight: number): number;
  /** `slack(u, v, weight) < 0`, usually without walking the blossom tree. */
  negativeSlack(u: number, v: number, weight: number): boolean;
}

/** Convenience form: edges as `[u, v, weight]` triples; vertices are 0..(largest endpoint). Returns `mate`. */
export function maxWeightMatchingOfEdges(edges: readonly (readonly [number, number, number])[], options: MatchingOptions = {}): number[] {
  let n = 0;
  for (const [u, v] of edges) n = Math.max(n, u + 1, v + 1);
  const graph: MatchingGraph = {
    vertexCount: n,
    edgeU: edges.map((e) => e[0]),
    edgeV: edges.map((e) => e[1]),
    edgeWeight: edges.map((e) => e[2]),
  };
  return Array.from(maxWeightMatching(graph, options).mate);
}

/**
 * A maximum-weight matching of the graph (of maximum cardinality first when `maxCardinality`).
 * Deterministic: the same graph, edge order included, always gives the same matching.
 * @throws RangeError when an edge is a loop, names a vertex outside 0..n−1, or has a non-integer or
 *   too large weight; parallel edges are allowed (the heaviest one matters).
 */
export function maxWeightMatching(graph: MatchingGraph, options: MatchingOptions = {}): MatchingSolution {
  const maxCardinality = options.maxCardinality ?? false;
  const nvertex = graph.vertexCount;
  const nedge = graph.edgeU.length;
  if (!Number.isSafeInteger(nvertex) || nvertex < 0) throw new RangeError(`vertexCount: non-negative integer expected, got ${nvertex}`);
  if (graph.edgeV.length !== nedge || graph.edgeWeight.length !== nedge) throw new RangeError('edgeU, edgeV and edgeWeight must have the same length');

  const endpoint = new Int32Array(2 * nedge);
  const weight = new Float64Array(nedge);
  let maxweight = 0;
  for (let k = 0; k < nedge; k++) {
    const i = graph.edgeU[k];
    const j = graph.edgeV[k];
    const w = graph.edgeWeight[k];
    if (!Number.isInteger(i) || !Number.isInteger(j) || i < 0 || j < 0 || i >= nvertex || j >= nvertex || i === j) {
      throw new RangeError(`edge ${k}: distinct vertices in 0..${nvertex - 1} expected, got ${i}–${j}`);
    }
    if (!Number.isSafeInteger(w) || Math.abs(w) > MAX_WEIGHT) throw new RangeError(`edge ${k}: integer weight with |w| ≤ 2^48 expected, got ${w}`);
    endpoint[2 * k] = i;
    endpoint[2 * k + 1] = j;
    weight[k] = w;
    if (w > maxweight) maxweight = w;
  }

  // neighbend[v]: the remote endpoints of the edges at v, as a CSR list (nbStart[v] .. nbStart[v+1]−1).
  const degree = new Int32Array(nvertex + 1);
  for (let p = 0; p < 2 * nedge; p++) degree[endpoint[p]]++;
  const nbStart = new Int32Array(nvertex + 1);
  for (let v = 0; v < nvertex; v++) nbStart[v + 1] = nbStart[v] + degree[v];
  const neighbend = new Int32Array(2 * nedge);
  const fill = nbStart.slice(0, nvertex);
  for (let k = 0; k < nedge; k++) {
    neighbend[fill[endpoint[2 * k]]++] = 2 * k + 1;
    neighbend[fill[endpoint[2 * k + 1]]++] = 2 * k;
  }

  // mate[v]: remote endpoint of v's matched edge, or −1 (single).
  const mate = new Int32Array(nvertex).fill(-1);
  // label[b] of a top-level blossom: 0 free, 1 S, 2 T (bit 4 marks breadcrumbs in scanBlossom).
  // For a vertex inside a T-blossom, label 2 means it is reachable from an S-vertex outside.
  const label = new Int32Array(2 * nvertex);
  // labelend[b]: remote endpoint of the edge through which b got its label, or −1.
  const labelend = new Int32Array(2 * nvertex).fill(-1);
  // inblossom[v]: top-level blossom holding vertex v.
  const inblossom = new Int32Array(nvertex);
  for (let v = 0; v < nvertex; v++) inblossom[v] = v;
  const blossomparent = new Int32Array(2 * nvertex).fill(-1);
  // blossomchilds[b]: sub-blossoms of b starting with the base, going round the blossom.
  const blossomchilds: (number[] | null)[] = new Array(2 * nvertex).fill(null);
  const blossombase = new Int32Array(2 * nvertex).fill(-1);
  for (let v = 0; v < nvertex; v++) blossombase[v] = v;
  // blossomendps[b][i]: local endpoint of childs[i] on the edge to childs[i+1] (cyclically).
  const blossomendps: (number[] | null)[] = new Array(2 * nvertex).fill(null);
  // bestedge: least-slack edge to an S-vertex (free vertex) or to another S-blossom (S-blossom).
  const bestedge = new Int32Array(2 * nvertex).fill(-1);
  const blossombestedges: (number[] | null)[] = new Array(2 * nvertex).fill(null);
  const unusedblossoms: number[] = [];
  for (let b = nvertex; b < 2 * nvertex; b++) unusedblossoms.push(b);
  // dualvar[v] = 2·u(v) for vertices; dualvar[b] = z(b) for blossoms.
  const dualvar = new Float64Array(2 * nvertex);
  for (let v = 0; v < nvertex; v++) dualvar[v] = maxweight;
  const allowedge = new Uint8Array(nedge);
  // Scratch of addBlossom: least-slack edge to each S-blossom, −1 when none.
  const bestedgeto = new Int32Array(2 * nvertex).fill(-1);
  let queue: number[] = [];

  const slack = (k: number): number => dualvar[endpoint[2 * k]] + dualvar[endpoint[2 * k + 1]] - 2 * weight[k];
  const at = <T>(list: T[], i: number): T => list[i < 0 ? i + list.length : i];

  const leaves = (b: number, out: number[] = []): number[] => {
    if (b < nvertex) out.push(b);
    else for (const t of blossomchilds[b]!) leaves(t, out);
    return out;
  };

  // Label the top-level blossom of w with t, reached through remote endpoint p.
  const assignLabel = (w: number, t: number, p: number): void => {
    for (;;) {
      const b = inblossom[w];
      label[w] = label[b] = t;
      labelend[w] = labelend[b] = p;
      bestedge[w] = bestedge[b] = -1;
      if (t === 1) {
        leaves(b, queue);
        return;
      }
      // T-blossom: its base's mate becomes S.
      const base = blossombase[b];
      const mb = mate[base];
      w = endpoint[mb];
      t = 1;
      p = mb ^ 1;
    }
  };

  // Trace back from v and w; return the base of a new blossom, or −1 for an augmenting path.
  const scanBlossom = (v: number, w: number): number => {
    const path: number[] = [];
    let base = -1;
    while (v !== -1 || w !== -1) {
      let b = inblossom[v];
      if (label[b] & 4) {
        base = blossombase[b];
        break;
      }
      path.push(b);
      label[b] = 5;
      if (labelend[b] === -1) {
        v = -1;
      } else {
        v = endpoint[labelend[b]];
        b = inblossom[v];
        v = endpoint[labelend[b]];
      }
      if (w !== -1) {
        const t = v;
        v = w;
        w = t;
      }
    }
    for (const b of path) label[b] = 1;
    return base;
  };

  // New S-blossom with the given base through edge k between two S-vertices.
  const addBlossom = (base: number, k: number): void => {
    let v = endpoint[2 * k];
    let w = endpoint[2 * k + 1];
    const bb = inblossom[base];
    let bv = inblossom[v];
    let bw = inblossom[w];
    const b = unusedblossoms.pop()!;
    blossombase[b] = base;
    blossomparent[b] = -1;
    blossomparent[bb] = b;
    const path: number[] = [];
    const endps: number[] = [];
    while (bv !== bb) {
      blossomparent[bv] = b;
      path.push(bv);
      endps.push(labelend[bv]);
      v = endpoint[labelend[bv]];
      bv = inblossom[v];
    }
    path.push(bb);
    path.reverse();
    endps.reverse();
    endps.push(2 * k);
    while (bw !== bb) {
      blossomparent[bw] = b;
      path.push(bw);
      endps.push(labelend[bw] ^ 1);
      w = endpoint[labelend[bw]];
      bw = inblossom[w];
    }
    blossomchilds[b] = path;
    blossomendps[b] = endps;
    label[b] = 1;
    labelend[b] = labelend[bb];
    dualvar[b] = 0;
    for (const x of leaves(b)) {
      if (label[inblossom[x]] === 2) queue.push(x); // a T-vertex becomes S
      inblossom[x] = b;
    }
    // Least-slack edges from the new blossom to each neighbouring S-blossom (bestedgeto is all −1
    // between calls; `touched` lists the entries to read and reset).
    const touched: number[] = [];
    const consider = (kk: number): void => {
      let j = endpoint[2 * kk + 1];
      if (inblossom[j] === b) j = endpoint[2 * kk];
      const bj = inblossom[j];
      if (bj === b || label[bj] !== 1) return;
      if (bestedgeto[bj] === -1) {
        touched.push(bj);
        bestedgeto[bj] = kk;
      } else if (slack(kk) < slack(bestedgeto[bj])) bestedgeto[bj] = kk;
    };
    for (const sub of path) {
      const list = blossombestedges[sub];
      if (list === null) {
        for (const x of leaves(sub)) for (let q = nbStart[x]; q < nbStart[x + 1]; q++) consider(neighbend[q] >> 1);
      } else {
        for (const kk of list) consider(kk);
      }
      blossombestedges[sub] = null;
      bestedge[sub] = -1;
    }
    touched.sort((x, y) => x - y); // the reference order: by blossom number
    const list: number[] = [];
    for (const x of touched) {
      list.push(bestedgeto[x]);
      bestedgeto[x] = -1;
    }
    blossombestedges[b] = list;
    let best = -1;
    for (const kk of list) if (best === -1 || slack(kk) < slack(best)) best = kk;
    bestedge[b] = best;
  };

  // Expand a top-level blossom (at the end of a stage, or a T-blossom whose z reached 0 in a substage).
  const expandBlossom = (b: number, endstage: boolean): void => {
    const childs = blossomchilds[b]!;
    for (const s of childs) {
      blossomparent[s] = -1;
      if (s < nvertex) inblossom[s] = s;
      else if (endstage && dualvar[s] === 0) expandBlossom(s, endstage);
      else for (const x of leaves(s)) inblossom[x] = s;
    }
    if (!endstage && label[b] === 2) {
      // Relabel the sub-blossoms from the entry child to the base.
      const endps = blossomendps[b]!;
      const entrychild = inblossom[endpoint[labelend[b] ^ 1]];
      let j = childs.indexOf(entrychild);
      let jstep: number;
      let endptrick: number;
      if (j & 1) {
        j -= childs.length;
        jstep = 1;
        endptrick = 0;
      } else {
        jstep = -1;
        endptrick = 1;
      }
      let p = labelend[b];
      while (j !== 0) {
        label[endpoint[p ^ 1]] = 0;
        label[endpoint[at(endps, j - endptrick) ^ endptrick ^ 1]] = 0;
        assignLabel(endpoint[p ^ 1], 2, p);
        allowedge[at(endps, j - endptrick) >> 1] = 1;
        j += jstep;
        p = at(endps, j - endptrick) ^ endptrick;
        allowedge[p >> 1] = 1;
        j += jstep;
      }
      let bv = at(childs, j);
      label[endpoint[p ^ 1]] = label[bv] = 2;
      labelend[endpoint[p ^ 1]] = labelend[bv] = p;
      bestedge[bv] = -1;
      j += jstep;
      while (at(childs, j) !== entrychild) {
        bv = at(childs, j);
        if (label[bv] === 1) {
          j += jstep;
          continue;
        }
        let reached = -1;
        for (const x of leaves(bv)) {
          if (label[x] !== 0) {
            reached = x;
            break;
          }
        }
        if (reached !== -1) {
          label[reached] = 0;
          label[endpoint[mate[blossombase[bv]]]] = 0;
          assignLabel(reached, 2, labelend[reached]);
        }
        j += jstep;
      }
    }
    label[b] = labelend[b] = -1;
    blossomchilds[b] = blossomendps[b] = null;
    blossombase[b] = -1;
    blossombestedges[b] = null;
    bestedge[b] = -1;
    unusedblossoms.push(b);
  };

  // Swap matched/unmatched edges on the alternating path through blossom b from vertex v to its base.
  const augmentBlossom = (b: number, v: number): void => {
    let t = v;
    while (blossomparent[t] !== b) t = blossomparent[t];
    if (t >= nvertex) augmentBlossom(t, v);
    const childs = blossomchilds[b]!;
    const endps = blossomendps[b]!;
    const i = childs.indexOf(t);
    let j = i;
    let jstep: number;
    let endptrick: number;
    if (i & 1) {
      j -= childs.length;
      jstep = 1;
      endptrick = 0;
    } else {
      jstep = -1;
      endptrick = 1;
    }
    while (j !== 0) {
      j += jstep;
      t = at(childs, j);
      const p = at(endps, j - endptrick) ^ endptrick;
      if (t >= nvertex) augmentBlossom(t, endpoint[p]);
      j += jstep;
      t = at(childs, j);
      if (t >= nvertex) augmentBlossom(t, endpoint[p ^ 1]);
      mate[endpoint[p]] = p ^ 1;
      mate[endpoint[p ^ 1]] = p;
    }
    blossomchilds[b] = childs.slice(i).concat(childs.slice(0, i));
    blossomendps[b] = endps.slice(i).concat(endps.slice(0, i));
    blossombase[b] = blossombase[blossomchilds[b]![0]];
  };

  // Augment along the path through edge k between two S-vertices, ending at two single vertices.
  const augmentMatching = (k: number): void => {
    const starts: [number, number][] = [
      [endpoint[2 * k], 2 * k + 1],
      [endpoint[2 * k + 1], 2 * k],
    ];
    for (const [s0, p0] of starts) {
      let s = s0;
      let p = p0;
      for (;;) {
        const bs = inblossom[s];
        if (bs >= nvertex) augmentBlossom(bs, s);
        mate[s] = p;
        if (labelend[bs] === -1) break;
        const t = endpoint[labelend[bs]];
        const bt = inblossom[t];
        s = endpoint[labelend[bt]];
        const j = endpoint[labelend[bt] ^ 1];
        if (bt >= nvertex) augmentBlossom(bt, j);
        mate[j] = labelend[bt];
        p = labelend[bt] ^ 1;
      }
    }
  };

  // Greedy start: every edge of the largest weight is tight under the initial duals (all equal to
  // maxweight), so any matching of such edges satisfies the invariants a stage starts from (matched
  // edges tight, single vertices sharing the least dual, no blossoms) and saves one stage per edge.
  for (let k = 0; k < nedge; k++) {
    if (weight[k] !== maxweight) continue;
    const i = endpoint[2 * k];
    const j = endpoint[2 * k + 1];
    if (mate[i] === -1 && mate[j] === -1) {
      mate[i] = 2 * k + 1;
      mate[j] = 2 * k;
    }
  }

  // Main loop: each stage finds one augmenting path, or ends the algorithm.
  for (let stage = 0; stage < nvertex; stage++) {
    label.fill(0);
    bestedge.fill(-1);
    for (let b = nvertex; b < 2 * nvertex; b++) blossombestedges[b] = null;
    allowedge.fill(0);
    queue = [];
    for (let v = 0; v < nvertex; v++) if (mate[v] === -1 && label[inblossom[v]] === 0) assignLabel(v, 1, -1);

    let augmented = false;
    for (;;) {
      // Substage: grow the alternating forest along tight edges.
      while (queue.length > 0 && !augmented) {
        const v = queue.pop()!;
        for (let q = nbStart[v]; q < nbStart[v + 1]; q++) {
          const p = neighbend[q];
          const k = p >> 1;
          const w = endpoint[p];
          if (inblossom[v] === inblossom[w]) continue;
          let kslack = 0;
          if (!allowedge[k]) {
            kslack = slack(k);
            if (kslack <= 0) allowedge[k] = 1;
          }
          if (allowedge[k]) {
            if (label[inblossom[w]] === 0) {
              assignLabel(w, 2, p ^ 1);
            } else if (label[inblossom[w]] === 1) {
              const base = scanBlossom(v, w);
              if (base >= 0) addBlossom(base, k);
              else {
                augmentMatching(k);
                augmented = true;
                break;
              }
            } else if (label[w] === 0) {
              label[w] = 2;
              labelend[w] = p ^ 1;
            }
          } else if (label[inblossom[w]] === 1) {
            const b = inblossom[v];
            if (bestedge[b] === -1 || kslack < slack(bestedge[b])) bestedge[b] = k;
          } else if (label[w] === 0) {
            if (bestedge[w] === -1 || kslack < slack(bestedge[w])) bestedge[w] = k;
          }
        }
      }
      if (augmented) break;

      // No augmenting path on tight edges: change the duals by the largest safe delta.
      let deltatype = -1;
      let delta = 0;
      let deltaedge = -1;
      let deltablossom = -1;
      if (!maxCardinality) {
        deltatype = 1;
        delta = Infinity;
        for (let v = 0; v < nvertex; v++) if (dualvar[v] < delta) delta = dualvar[v];
      }
      for (let v = 0; v < nvertex; v++) {
        if (label[inblossom[v]] === 0 && bestedge[v] !== -1) {
          const d = slack(bestedge[v]);
          if (deltatype === -1 || d < delta) {
            delta = d;
            deltatype = 2;
            deltaedge = bestedge[v];
          }
        }
      }
      for (let b = 0; b < 2 * nvertex; b++) {
        if (blossomparent[b] === -1 && label[b] === 1 && bestedge[b] !== -1) {
          const d = slack(bestedge[b]) / 2; // even for integer weights
          if (deltatype === -1 || d < delta) {
            delta = d;
            deltatype = 3;
            deltaedge = bestedge[b];
          }
        }
      }
      for (let b = nvertex; b < 2 * nvertex; b++) {
        if (blossombase[b] >= 0 && blossomparent[b] === -1 && label[b] === 2 && (deltatype === -1 || dualvar[b] < delta)) {
          delta = dualvar[b];
          deltatype = 4;
          deltablossom = b;
        }
      }
      if (deltatype === -1) {
        // Maximum cardinality reached: a final update makes the optimum verifiable.
        deltatype = 1;
        let min = Infinity;
        for (let v = 0; v < nvertex; v++) if (dualvar[v] < min) min = dualvar[v];
        delta = Math.max(0, min);
      }
      for (let v = 0; v < nvertex; v++) {
        const l = label[inblossom[v]];
        if (l === 1) dualvar[v] -= delta;
        else if (l === 2) dualvar[v] += delta;
      }
      for (let b = nvertex; b < 2 * nvertex; b++) {
        if (blossombase[b] >= 0 && blossomparent[b] === -1) {
          if (label[b] === 1) dualvar[b] += delta;
          else if (label[b] === 2) dualvar[b] -= delta;
        }
      }
      if (deltatype === 1) break;
      if (deltatype === 2) {
        allowedge[deltaedge] = 1;
        let i = endpoint[2 * deltaedge];
        if (label[inblossom[i]] === 0) i = endpoint[2 * deltaedge + 1];
        queue.push(i);
      } else if (deltatype === 3) {
        allowedge[deltaedge] = 1;
        queue.push(endpoint[2 * deltaedge]);
      } else {
        expandBlossom(deltablossom, false);
      }
    }
    if (!augmented) break;
    // End of stage: expand S-blossoms whose dual reached zero.
    for (let b = nvertex; b < 2 * nvertex; b++) {
      if (blossomparent[b] === -1 && blossombase[b] >= 0 && label[b] === 1 && dualvar[b] === 0) expandBlossom(b, true);
    }
  }

  // For slack(): depth in the final blossom forest, and 2·Σ z over each node and its ancestors.
  const depth = new Int32Array(2 * nvertex).fill(-1);
  const zAbove = new Float64Array(2 * nvertex);
  const place = (x: number): void => {
    const chain: number[] = [];
    for (let y = x; y !== -1 && depth[y] === -1; y = blossomparent[y]) chain.push(y);
    for (let i = chain.length - 1; i >= 0; i--) {
      const y = chain[i];
      const parent = blossomparent[y];
      const own = y >= nvertex ? 2 * dualvar[y] : 0;
      depth[y] = parent === -1 ? 0 : depth[parent] + 1;
      zAbove[y] = (parent === -1 ? 0 : zAbove[parent]) + own;
    }
  };
  for (let v = 0; v < nvertex; v++) place(v);

  const topOf = new Int32Array(nvertex);
  for (let v = 0; v < nvertex; v++) {
    let t = v;
    while (blossomparent[t] !== -1) t = blossomparent[t];
    topOf[v] = t;
  }

  // Binary lifting over the blossom forest (built on first use): lift[j][x] is x's 2^j-th ancestor,
  // or its root when there are fewer; so the lowest common blossom costs O(log depth).
  let lift: Int32Array[] | null = null;
  const buildLift = (): Int32Array[] => {
    let maxDepth = 0;
    for (let x = 0; x < 2 * nvertex; x++) maxDepth = Math.max(maxDepth, depth[x]);
    const first = new Int32Array(2 * nvertex);
    for (let x = 0; x < 2 * nvertex; x++) first[x] = blossomparent[x] === -1 ? x : blossomparent[x];
    const levels = [first];
    for (let j = 1; 1 << j <= maxDepth; j++) {
      const prev = levels[j - 1];
      const next = new Int32Array(2 * nvertex);
      for (let x = 0; x < 2 * nvertex; x++) next[x] = prev[prev[x]];
      levels.push(next);
    }
    return levels;
  };

  /** Twice the slack of {u, v} of weight w, blossom duals of common ancestors included. */
  const fullSlack = (u: number, v: number, w: number): number => {
    const s = dualvar[u] + dualvar[v] - 2 * w;
    if (topOf[u] !== topOf[v]) return s; // no common blossom
    const up = (lift ??= buildLift());
    let a = u;
    let c = v;
    if (depth[a] < depth[c]) [a, c] = [c, a];
    for (let j = up.length - 1, diff = depth[a] - depth[c]; j >= 0; j--) if (diff & (1 << j)) a = up[j][a];
    if (a !== c) {
      for (let j = up.length - 1; j >= 0; j--) {
        if (up[j][a] !== up[j][c]) {
          a = up[j][a];
          c = up[j][c];
        }
      }
      a = up[0][a];
    }
    return s + zAbove[a];
  };

  if (options.verify) verifyOptimum();

  const partner = new Int32Array(nvertex).fill(-1);
  for (let v = 0; v < nvertex; v++) if (mate[v] >= 0) partner[v] = endpoint[mate[v]];
  /** slack(u, v, w) < 0, with cheap bounds first (the blossom duals only add to the slack). */
  const negativeSlack = (u: number, v: number, w: number): boolean => {
    const s = dualvar[u] + dualvar[v] - 2 * w;
    if (s >= 0) return false;
    if (topOf[u] !== topOf[v]) return true;
    if (s + zAbove[topOf[u]] >= 0) return false;
    return fullSlack(u, v, w) < 0;
  };

  return { mate: partner, vertexDual: dualvar.slice(0, nvertex), slack: fullSlack, negativeSlack };

  function verifyOptimum(): void {
    const fail = (why: string): never => {
      throw new Error(`maxWeightMatching: optimality check failed: ${why}`);
    };
    let minVertexDual = Infinity;
    for (let v = 0; v < nvertex; v++) minVertexDual = Math.min(minVertexDual, dualvar[v]);
    // With maxCardinality vertex duals may be negative: shift them all by a constant.
    const offset = maxCardinality ? Math.max(0, -minVertexDual) : 0;
    if (nvertex > 0 && minVertexDual + offset < 0) fail('negative vertex dual');
    for (let b = nvertex; b < 2 * nvertex; b++) if (blossombase[b] >= 0 && dualvar[b] < 0) fail('negative blossom dual');
    for (let k = 0; k < nedge; k++) {
      const i = endpoint[2 * k];
      const j = endpoint[2 * k + 1];
      const s = fullSlack(i, j, weight[k]);
      if (s < 0) fail(`edge ${k} has negative slack`);
      if (mate[i] >> 1 === k || mate[j] >> 1 === k) {
        if (mate[i] >> 1 !== k || mate[j] >> 1 !== k) fail(`edge ${k} half matched`);
        if (s !== 0) fail(`matched edge ${k} is not tight`);
      }
    }
    for (let v = 0; v < nvertex; v++) if (mate[v] < 0 && dualvar[v] + offset !== 0) fail(`single vertex ${v} has a non-zero dual`);
    for (let b = nvertex; b < 2 * nvertex; b++) {
      if (blossombase[b] >= 0 && dualvar[b] > 0) {
        const endps = blossomendps[b]!;
        if (endps.length % 2 !== 1) fail(`blossom ${b} is even`);
        for (let q = 1; q < endps.length; q += 2) {
          const p = endps[q];
          if (mate[endpoint[p]] !== (p ^ 1) || mate[endpoint[p ^ 1]] !== p) fail(`blossom ${b} is not full`);
        }
      }
    }
  }
}
