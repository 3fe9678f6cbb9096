/**
 * Plain-text deck lists, the format players paste: one card per line as `2 Card Name`, optionally
 * `(SET)` after the name; a `Hero:` line; a `Sideboard:` line starts the sideboard.
 *
 * Read leniently where it costs nothing: `2x Card Name` and `2 x Card Name` too; `Hero: Name`
 * with an optional count of 1; section lines `Sideboard:` / `Side deck:` (colon optional; a card
 * may follow on the same line) and `Main:` / `Main deck:` / `Deck:` back to the main deck; blank
 * lines and lines starting with `//` or `#` are ignored. A trailing `(XXX)` of 1–16 letters or
 * digits is read as the set code, so a name can be written with it. Anything else is an error
 * with its line, and reading goes on.
 */
import { addLine, isError, lineRef, splitLines } from './line-syntax';
import type { DeckList, DeckListEntry, ParsedDeckList } from './types';

const HERO = /^hero\s*:\s*(.*)$/i;
const SIDEBOARD = /^(?:sideboard|side\s*board|side\s*deck)\s*:?\s*(.*)$/i;
const MAIN = /^(?:main|main\s*deck|deck)\s*:?\s*$/i;
const CARD = /^(\d+)(?:\s*[xX×])?\s+(.+)$/;
const WITH_SET = /^(.*\S)\s*\(([A-Za-z0-9]{1,16})\)$/;

function splitSet(rest: string): { name: string; set?: string } {
  const m = WITH_SET.exec(rest.trim());
  return m ? { name: m[1], set: m[2] } : { name: rest };
}

/** Parses a plain-text deck list. Never throws: unreadable lines are listed in `errors`. */
export function parseTextDeck(text: string): ParsedDeckList {
  const out: ParsedDeckList = { main: [], sideboard: [], errors: [] };
  let section: 'main' | 'sideboard' = 'main';
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
    }
  };
  splitLines(text).forEach((raw, i) => {
    const lineNo = i + 1;
    const line = raw.trim();
    if (line === '' || line.startsWith('//') || line.startsWith('#')) return;
    const hero = HERO.exec(line);
    if (hero) {
      if (hero[1].trim() === '') out.errors.push({ line: lineNo, message: 'the Hero: line names no card' });
      else card(lineNo, hero[1].trim(), 'hero', true);
      return;
    }
    const side = SIDEBOARD.exec(line);
    if (side) {
      section = 'sideboard';
      if (side[1].trim() !== '') card(lineNo, side[1].trim(), 'sideboard', false);
      return;
    }
    if (MAIN.test(line)) {
      section = 'main';
      return;
    }
    card(lineNo, line, section, false);
  });
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
