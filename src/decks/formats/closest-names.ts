/**
 * "Did you mean": the catalog names closest to an unknown one. A small bounded Levenshtein
 * distance (no fuzzy-matching library is a dependency of the project) over normalized names
 * (normalizeCardName), plus names that contain the typed one or are contained in it.
 */
import { normalizeCardName } from '../rules/card-name';

/** Rows reused by editDistance (grown on demand): no allocation per comparison. */
let rowA = new Int32Array(64);
let rowB = new Int32Array(64);

/**
 * Levenshtein distance between a and b, or `max + 1` as soon as it must exceed `max`.
 * Only the diagonal band |i − j| ≤ max is computed (Ukkonen), O(|a|·max), and it stops early
 * when a whole row exceeds `max`.
 */
export function editDistance(a: string, b: string, max = Number.MAX_SAFE_INTEGER): number {
  if (a === b) return 0;
  const n = a.length;
  const m = b.length;
  const bound = Math.min(max, Math.max(n, m));
  const over = bound + 1;
  if (Math.abs(n - m) > bound) return max + 1;
  if (n === 0 || m === 0) return Math.max(n, m);
  if (rowA.length < m + 2) {
    rowA = new Int32Array(m + 2);
    rowB = new Int32Array(m + 2);
  }
  let prev = rowA;
  let cur = rowB;
  for (let j = 0; j <= m + 1; j++) prev[j] = j <= bound ? j : over;
  for (let i = 1; i <= n; i++) {
    const lo = Math.max(1, i - bound);
    const hi = Math.min(m, i + bound);
    cur[lo - 1] = lo === 1 && i <= bound ? i : over;
    let rowMin = cur[lo - 1];
    const ca = a.charCodeAt(i - 1);
    for (let j = lo; j <= hi; j++) {
      let v = prev[j - 1] + (ca === b.charCodeAt(j - 1) ? 0 : 1);
      const del = prev[j] + 1;
      if (del < v) v = del;
      const ins = cur[j - 1] + 1;
      if (ins < v) v = ins;
      if (v > over) v = over;
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (hi < m) cur[hi + 1] = over;
    if (rowMin > bound) return max + 1;
    const t = prev;
    prev = cur;
    cur = t;
  }
  return prev[m] > bound ? max + 1 : prev[m];
}

/** Edits tolerated for a typed name of this length: a quarter of it, at least 2. */
export function toleranceFor(length: number): number {
  return Math.max(2, Math.floor(length / 4));
}

/** Normalized forms of a name list, computed once per list (catalogs hand out the same array). */
const normalizedCache = new WeakMap<readonly string[], string[]>();
function normalizedNames(names: readonly string[]): string[] {
  let out = normalizedCache.get(names);
  if (!out || out.length !== names.length) {
    out = names.map(normalizeCardName);
    normalizedCache.set(names, out);
  }
  return out;
}

/**
 * The catalog names closest to `typed`, best first (fewest edits, then alphabetical); names that
 * contain the typed text (or are contained in it, 4+ characters) count as one edit away.
 * @param limit most names returned.
 */
export function closestNames(typed: string, names: readonly string[], limit = 5): string[] {
  const q = normalizeCardName(typed);
  if (q === '') return [];
  const max = toleranceFor(q.length);
  const normalized = normalizedNames(names);
  const scored: { name: string; score: number }[] = [];
  for (let i = 0; i < names.length; i++) {
    const name = names[i];
    const n = normalized[i];
    if (n === q) {
      scored.push({ name, score: 0 });
      continue;
    }
    const contains = q.length >= 4 && (n.includes(q) || (n.length >= 4 && q.includes(n)));
    const d = editDistance(q, n, max);
    const score = contains ? Math.min(d, 1) : d;
    if (score <= max) scored.push({ name, score });
  }
  scored.sort((x, y) => x.score - y.score || x.name.localeCompare(y.name));
  return scored.slice(0, limit).map((s) => s.name);
}
