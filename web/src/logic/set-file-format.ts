/**
 * Which import format a set file is (the formats of POST /api/sets/import), read from its name and
 * its first characters, so an organizer uploading a file never has to know the format's name.
 */
export type SetFileFormat = 'product' | 'octgn' | 'wowtcg-json' | 'berserk-json';

/** What the file looks like: its format (null: not recognised, the organizer chooses) and, for a Berserk sets.json, its sets. */
export interface SetFileGuess {
  format: SetFileFormat | null;
  /** berserk-json: the set codes of the file (one must be chosen when there are several). */
  sets: string[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * - `.xml` or text starting with "<": an OCTGN set definition;
 * - a JSON array of rows: the community WoW TCG JSON (one file per set);
 * - a JSON object with `cards` whose ids are "<set>_<n>": Berserk's sets.json;
 * - a JSON object with `game`, `code` and `cards`: Podium's own set file.
 */
export function guessSetFileFormat(fileName: string, text: string): SetFileGuess {
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (/\.xml$/i.test(fileName) || start.startsWith('<')) return { format: 'octgn', sets: [] };
  let value: unknown;
  try {
    value = JSON.parse(start);
  } catch {
    return { format: null, sets: [] };
  }
  if (Array.isArray(value)) return { format: 'wowtcg-json', sets: [] };
  if (!isRecord(value) || !Array.isArray(value.cards)) return { format: null, sets: [] };
  if (typeof value.game === 'string' && typeof value.code === 'string') return { format: 'product', sets: [] };
  const cards = value.cards.filter(isRecord);
  if (cards.some((c) => typeof c.id === 'string' && /^[a-z0-9]+_\d+$/i.test(c.id))) {
    const sets = [...new Set(cards.map((c) => (typeof c.set === 'string' ? c.set : typeof c.id === 'string' ? c.id.split('_')[0] : '')).filter((s) => s !== ''))];
    return { format: 'berserk-json', sets };
  }
  return { format: null, sets: [] };
}
