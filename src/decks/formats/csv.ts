/**
 * CSV deck lists: a header line, then one card per record, columns `name,count,set`,
 * plus an optional `section` column (hero | main | sideboard) so a whole deck fits one file.
 *
 * Columns are found by their header name, in any order and any case: name (also "card", "card
 * name"), count ("qty", "quantity", "copies"), set ("set code", "edition"), section ("board",
 * "zone"). Other columns are ignored. Without a section column every card is in the main deck.
 * Section values: hero; main / main deck / deck / empty; sideboard / side / side deck / sb.
 * Records are read with csv-records.ts (strict RFC 4180).
 */
import { DomainError } from '../../common/errors/domain-error';
import { writeCsv } from '../../common/csv/csv-writer';
import { readCsvRecords } from './csv-records';
import { addLine, isError, lineRef } from './line-syntax';
import type { DeckList, ParsedDeckList } from './types';

const COLUMNS = {
  name: ['name', 'card', 'card name', 'cardname'],
  count: ['count', 'qty', 'quantity', 'copies', 'amount'],
  set: ['set', 'set code', 'setcode', 'edition'],
  section: ['section', 'board', 'zone'],
} as const;

const SECTIONS: Readonly<Record<string, 'hero' | 'main' | 'sideboard'>> = {
  hero: 'hero',
  '': 'main',
  main: 'main',
  'main deck': 'main',
  maindeck: 'main',
  deck: 'main',
  sideboard: 'sideboard',
  side: 'sideboard',
  'side deck': 'sideboard',
  sb: 'sideboard',
};

const key = (v: string): string => v.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Parses a CSV deck list.
 * @throws DomainError MALFORMED_BODY when the text is not CSV (an unclosed quote) or its first
 *   record is not a header naming at least the name and count columns. Record-level problems are
 *   listed in `errors` and reading goes on.
 */
export function parseCsvDeck(text: string): ParsedDeckList {
  const records = readCsvRecords(text);
  const out: ParsedDeckList = { main: [], sideboard: [], errors: [] };
  if (records.length === 0) return out;
  const [header, ...rows] = records;
  const col = (names: readonly string[]): number => header.fields.findIndex((f) => names.includes(key(f)));
  const at = { name: col(COLUMNS.name), count: col(COLUMNS.count), set: col(COLUMNS.set), section: col(COLUMNS.section) };
  if (header.error || at.name < 0 || at.count < 0) {
    throw new DomainError('MALFORMED_BODY', 'The CSV deck list must start with a header line naming its columns, like "name,count,set"', [
      { rule: 'csvHeader', message: `line ${header.line} is not a header with "name" and "count" columns`, line: header.line },
    ]);
  }
  for (const r of rows) {
    if (r.error) {
      out.errors.push({ line: r.line, message: r.error });
      continue;
    }
    if (r.fields.length !== header.fields.length) {
      out.errors.push({ line: r.line, message: `${r.fields.length} fields, but the header names ${header.fields.length} columns` });
      continue;
    }
    const sectionText = at.section >= 0 ? key(r.fields[at.section]) : '';
    const section = Object.hasOwn(SECTIONS, sectionText) ? SECTIONS[sectionText] : undefined;
    if (!section) {
      out.errors.push({ line: r.line, message: `section "${sectionText.slice(0, 30)}" is not hero, main or sideboard` });
      continue;
    }
    const ref = lineRef(r.line, r.fields[at.count], r.fields[at.name], at.set >= 0 ? r.fields[at.set] : undefined);
    if (isError(ref)) {
      out.errors.push(ref);
      continue;
    }
    const err = addLine(out, section, ref);
    if (err) out.errors.push(err);
  }
  return out;
}

/** Writes a CSV deck list: header `name,count,set,section`, the hero first, then main and sideboard. */
export function writeCsvDeck(deck: DeckList): string {
  const rows: (string | number)[][] = [];
  if (deck.hero) rows.push([deck.hero.name, 1, deck.hero.setCode, 'hero']);
  for (const e of deck.main) rows.push([e.card.name, e.count, e.card.setCode, 'main']);
  for (const e of deck.sideboard) rows.push([e.card.name, e.count, e.card.setCode, 'sideboard']);
  return writeCsv(['name', 'count', 'set', 'section'], rows);
}
