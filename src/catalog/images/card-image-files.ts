/**
 * Which card a file of the store's image folder shows (CARD_IMAGES_DIR), by its name. Pure: the
 * folder walk and the card list come from the caller (card-images.service.ts).
 *
 * Two namings are read:
 * - `<set>/<number>.<ext>`, optionally under a game folder (`<game>/<set>/<number>.<ext>`, for two
 *   games sharing a set code): set code and extension in any case, number with or without leading
 *   zeros (`hoa/007.jpg` is HOA #7);
 * - `<guid>.<ext>` anywhere in the folder: the OCTGN card GUID (the image packs stores own are
 *   named so), any case, with or without braces.
 * Extensions: jpg, jpeg, png, webp. Any other file is reported, never served.
 */

/** Image extensions served, lower case, with their media types. */
export const IMAGE_TYPES: Readonly<Record<string, string>> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** A card that an image may show: its set (upper-case code, game) and number, OCTGN GUID when known. */
export interface ImageCardKey {
  game: string;
  setCode: string;
  number: number;
  octgnId?: string | null;
}

/** Why a file matches no card. */
export type UnmatchedReason = 'not-an-image' | 'unknown-name' | 'no-such-card' | 'no-such-guid' | 'duplicate';

export interface UnmatchedFile {
  /** Path relative to the folder, with `/` separators. */
  file: string;
  reason: UnmatchedReason;
}

/** The folder's files that show cards, by key; and those that show none. */
export interface ImageMatch {
  /** `<game>:<SETCODE>:<number>` → relative path. */
  bySetNumber: Map<string, string>;
  /** lower-case GUID → relative path. */
  byGuid: Map<string, string>;
  unmatched: UnmatchedFile[];
}

const GUID = /^\{?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\}?$/i;

/** The key of a card in ImageMatch.bySetNumber. */
export const setNumberKey = (game: string, setCode: string, number: number): string => `${game}:${setCode.toUpperCase()}:${number}`;

/**
 * Matches the folder's files to cards.
 * @param files paths relative to the folder, `/`-separated, in any order (sorted here, so the
 *   first of two files for one card is the same on every machine: the later one is a `duplicate`).
 * @param cards every card in the catalog (any version: a number names the same card in each).
 */
export function matchImageFiles(files: readonly string[], cards: readonly ImageCardKey[]): ImageMatch {
  const sets = new Map<string, Set<string>>(); // SETCODE → games having it
  const numbers = new Set<string>();
  const guids = new Set<string>();
  for (const c of cards) {
    const code = c.setCode.toUpperCase();
    if (!sets.has(code)) sets.set(code, new Set());
    sets.get(code)!.add(c.game);
    numbers.add(setNumberKey(c.game, code, c.number));
    if (c.octgnId) guids.add(c.octgnId.toLowerCase().replace(/[{}]/g, ''));
  }
  const match: ImageMatch = { bySetNumber: new Map(), byGuid: new Map(), unmatched: [] };
  const take = (map: Map<string, string>, key: string, file: string) => {
    if (map.has(key)) match.unmatched.push({ file, reason: 'duplicate' });
    else map.set(key, file);
  };
  for (const file of [...files].sort()) {
    const parts = file.split('/');
    const base = parts[parts.length - 1];
    const dot = base.lastIndexOf('.');
    const ext = dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
    const stem = dot > 0 ? base.slice(0, dot) : base;
    if (!IMAGE_TYPES[ext]) {
      match.unmatched.push({ file, reason: 'not-an-image' });
      continue;
    }
    const guid = GUID.exec(stem);
    if (guid) {
      const id = guid[1].toLowerCase();
      if (guids.has(id)) take(match.byGuid, id, file);
      else match.unmatched.push({ file, reason: 'no-such-guid' });
      continue;
    }
    const folders = parts.slice(0, -1);
    if (!/^\d{1,6}$/.test(stem) || folders.length < 1 || folders.length > 2) {
      match.unmatched.push({ file, reason: 'unknown-name' });
      continue;
    }
    const code = folders[folders.length - 1].toUpperCase();
    const games = folders.length === 2 ? [folders[0].toLowerCase()] : [...(sets.get(code) ?? [])];
    const number = Number(stem);
    const found = games.filter((g) => numbers.has(setNumberKey(g, code, number)));
    if (found.length === 0) match.unmatched.push({ file, reason: 'no-such-card' });
    else for (const g of found) take(match.bySetNumber, setNumberKey(g, code, number), file);
  }
  return match;
}

/**
 * The folder image of a card: its set and number first (the store named it for this card), else
 * its OCTGN GUID. @returns the relative path, or null.
 */
export function imageFileFor(match: ImageMatch, card: ImageCardKey): string | null {
  return (
    match.bySetNumber.get(setNumberKey(card.game, card.setCode, card.number)) ?? (card.octgnId ? (match.byGuid.get(card.octgnId.toLowerCase().replace(/[{}]/g, '')) ?? null) : null)
  );
}
