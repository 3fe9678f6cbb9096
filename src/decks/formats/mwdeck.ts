/**
 * Magic Workstation deck files (.mwDeck): `// comment` lines, then one card per line as
 * `2 [SET] Card Name`, sideboard cards as `SB: 1 [SET] Card Name` (leading spaces allowed; the set
 * may be empty `[]` or left out).
 *
 * The format has no hero: Podium writes it as a comment MWS ignores, `// HERO : [SET] Card Name`,
 * and reads it back from there (also `// Hero: Name`). MWS marks alternative arts with a trailing
 * "(1)", "(2)", and some tools append the cost as `{5}`: both are dropped from the name (no WoW TCG
 * or Berserk name ends that way). Other `//` lines are comments, returned in `ignored`. A hero
 * written as a card (`SB: 1 [6] <hero>`) is recognised by the resolver (resolve.ts).
 */
import { addLine, isError, lineRef, splitLines } from './line-syntax';
import { emptyParsedList, type DeckList, type DeckListEntry, type ParsedDeckList } from './types';

const HERO = /^\/\/\s*hero\s*:\s*(?:(\d+)\s+)?(?:\[([^\]]*)\]\s*)?(.*)$/i;
const CARD = /^(SB:\s*)?(\d+)\s+(?:\[([^\]]*)\]\s*)?(.*)$/i;
const VARIANT = /\s*\(\d+\)$/;
const MARKER = /\s*\{[^{}]*\}$/;

/** Parses a Magic Workstation deck list. Never throws: unreadable lines are listed in `errors`. */
export function parseMwDeck(text: string): ParsedDeckList {
  const out: ParsedDeckList = emptyParsedList();
  splitLines(text).forEach((raw, i) => {
    const lineNo = i + 1;
    const line = raw.trim();
    if (line === '') return;
    const hero = HERO.exec(line);
    const card = hero ? null : CARD.exec(line);
    if (!hero && line.startsWith('//')) {
      out.ignored.push({ line: lineNo, reason: 'comment', text: line.length > 80 ? `${line.slice(0, 79)}…` : line });
      return;
    }
    if (!hero && !card) {
      out.errors.push({ line: lineNo, message: 'expected "2 [SET] Card Name" or "SB: 2 [SET] Card Name"' });
      return;
    }
    const [count, set, name] = hero ? [hero[1] ?? '1', hero[2], hero[3]] : [card![2], card![3], card![4]];
    const ref = lineRef(lineNo, count, name.trim().replace(MARKER, '').replace(VARIANT, ''), set);
    if (isError(ref)) {
      out.errors.push(ref);
      return;
    }
    const err = addLine(out, hero ? 'hero' : card![1] ? 'sideboard' : 'main', ref);
    if (err) out.errors.push(err);
  });
  return out;
}

const cardLine = (e: DeckListEntry): string => `[${e.card.setCode}] ${e.card.name}`;

/** Writes a Magic Workstation deck list (the hero as a `// HERO :` comment). */
export function writeMwDeck(deck: DeckList): string {
  const lines = ['// Deck file for Magic Workstation, written by Podium'];
  if (deck.hero) lines.push(`// HERO : [${deck.hero.setCode}] ${deck.hero.name}`);
  lines.push(...deck.main.map((e) => `        ${e.count} ${cardLine(e)}`));
  lines.push(...deck.sideboard.map((e) => `SB:  ${e.count} ${cardLine(e)}`));
  return `${lines.join('\r\n')}\r\n`;
}
