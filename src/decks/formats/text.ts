/**
 * Plain-text deck lists, the format players paste: one card per line as `2 Card Name`, optionally
 * `(SET)` after the name; a `Hero:` line; a `Sideboard:` line starts the sideboard.
 *
 * Read leniently, the way other tools write lists: `2x Card Name` and `2 x Card Name`; `Hero: Name`
 * and `# HERO  Name` (.deck files) with an optional count of 1; section lines `Sideboard:` /
 * `Side deck:` / `// Sideboard` (colon optional; a card may follow on the same line) and `Main:` /
 * `Main deck:` / `Deck:` back to the main deck; `SB: 2 Name` lines (sideboard, whatever the
 * section); a trailing `{n}` marker (a cost some tools append) is dropped; a trailing `(XXX)` of
 * 1–16 letters or digits is the set code. Other `//` and `#` lines are comments; a first line that
 * is no card line is the list's title. Both are returned in `ignored`, with their reason.
 *
 * A list with no sideboard heading whose cards come in two blocks separated by blank lines, the
 * first of at least MIN_MAIN_DECK copies, has its second block read as the sideboard (as Arena-style
 * lists write it) — with a note saying so. A list of three or more blocks, or whose first block is
 * too small for a main deck, is grouped by the player's own choice: all main deck.
 *
 * Anything else is an error with its line, and reading goes on.
 */
import { addLine, isError, lineRef, splitLines } from './line-syntax';
import { emptyParsedList, type DeckList, type DeckListEntry, type IgnoredReason, type LineRef, type ParsedDeckList } from './types';

/** The smallest main deck of both games' Limited rules (docs/rules.md: 30 cards). */
export const MIN_MAIN_DECK = 30;

const HERO = /^(?:hero\s*:|#\s*hero\b\s*:?)\s*(.*)$/i;
const SIDEBOARD = /^(?:sideboard|side\s*board|side\s*deck)\b\s*:?\s*(.*)$/i;
const SIDEBOARD_COMMENT = /^\/\/\s*(?:sideboard|side\s*board|side\s*deck)\s*:?\s*$/i;
const MAIN = /^(?:\/\/\s*)?(?:main|main\s*deck|deck)\s*:?\s*$/i;
const SB_PREFIX = /^sb\s*:\s*(.*)$/i;
const CARD = /^(\d+)(?:\s*[xX×])?\s+(.+)$/;
const WITH_SET = /^(.*\S)\s*\(([A-Za-z0-9]{1,16})\)$/;
const MARKER = /\s*\{[^{}]*\}\s*$/;

function splitSet(rest: string): { name: string; set?: string } {
  const bare = rest.trim().replace(MARKER, '');
  const m = WITH_SET.exec(bare);
  return m ? { name: m[1], set: m[2] } : { name: bare };
}

const shown = (line: string): string => (line.length > 80 ? `${line.slice(0, 79)}…` : line);

/** Parses a plain-text deck list. Never throws: unreadable lines are listed in `errors`. */
export function parseTextDeck(text: string): ParsedDeckList {
  const out = emptyParsedList();
  let section: 'main' | 'sideboard' = 'main';
  let explicitSideboard = false;
  let contentSeen = false;
  // Main-deck card lines by block (a blank line after a card starts the next block).
  const blocks: LineRef[][] = [[]];
  const ignore = (line: number, reason: IgnoredReason, raw: string) => out.ignored.push({ line, reason, text: shown(raw) });
  const card = (lineNo: number, body: string, where: 'hero' | 'main' | 'sideboard', countOptional: boolean): void => {
    const m = CARD.exec(body);
    if (!m && !countOptional) {
      out.errors.push({ line: lineNo, message: `expected a number of copies and a card name, like "2 ${body.slice(0, 40) || 'Card Name'}"` });
      return;
    }
    const { name, set } = splitSet(m ? m[2] : body);
    const ref = lineRef(lineNo, m ? m[1] : '1', name, set);
    if (isError(ref)) out.errors.push(ref);
    else {
      const err = addLine(out, where, ref);
      if (err) out.errors.push(err);
      else if (where === 'main') blocks[blocks.length - 1].push(ref);
    }
  };
  splitLines(text).forEach((raw, i) => {
    const lineNo = i + 1;
    const line = raw.trim();
    if (line === '') {
      if (blocks[blocks.length - 1].length > 0) blocks.push([]);
      return;
    }
    const first = !contentSeen;
    contentSeen = true;
    const hero = HERO.exec(line);
    if (hero) {
      if (hero[1].trim() === '') out.errors.push({ line: lineNo, message: 'the Hero: line names no card' });
      else card(lineNo, hero[1].trim(), 'hero', true);
      return;
    }
    const side = SIDEBOARD_COMMENT.test(line) ? ['', ''] : SIDEBOARD.exec(line);
    if (side) {
      section = 'sideboard';
      explicitSideboard = true;
      if (side[1].trim() !== '') card(lineNo, side[1].trim(), 'sideboard', false);
      else ignore(lineNo, 'section', line);
      return;
    }
    if (MAIN.test(line)) {
      section = 'main';
      ignore(lineNo, 'section', line);
      return;
    }
    const sb = SB_PREFIX.exec(line);
    if (sb) {
      explicitSideboard = true;
      card(lineNo, sb[1].trim(), 'sideboard', false);
      return;
    }
    if (line.startsWith('//') || line.startsWith('#')) {
      ignore(lineNo, 'comment', line);
      return;
    }
    if (first && !CARD.test(line)) {
      ignore(lineNo, 'title', line);
      return;
    }
    card(lineNo, line, section, false);
  });
  const cardBlocks = blocks.filter((b) => b.length > 0);
  const copies = (b: LineRef[]) => b.reduce((n, r) => n + r.count, 0);
  if (!explicitSideboard && cardBlocks.length === 2 && copies(cardBlocks[0]) >= MIN_MAIN_DECK) {
    const [, side] = cardBlocks;
    const moved = new Set(side);
    out.main = out.main.filter((r) => !moved.has(r));
    out.sideboard.push(...side);
    out.notes.push({
      line: side[0].line,
      message: `read as the sideboard from line ${side[0].line}: the list has no Sideboard heading, and these ${copies(side)} cards follow a blank line after a main deck of ${copies(cardBlocks[0])}`,
    });
  }
  return out;
}

const cardLine = (e: DeckListEntry): string => `${e.count} ${e.card.name} (${e.card.setCode})`;

/**
 * Writes a plain-text deck list: `Hero: Name (SET)`, the main deck, then `Sideboard:` and the
 * sideboard (left out when empty). Every card carries its set code, so the list reads back to the
 * same cards.
 */
export function writeTextDeck(deck: DeckList): string {
  const lines: string[] = [];
  if (deck.hero) lines.push(`Hero: ${deck.hero.name} (${deck.hero.setCode})`, '');
  lines.push(...deck.main.map(cardLine));
  if (deck.sideboard.length > 0) lines.push('', 'Sideboard:', ...deck.sideboard.map(cardLine));
  return `${lines.join('\n')}\n`;
}
