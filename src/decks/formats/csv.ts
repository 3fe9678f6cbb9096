/**
 * CSV deck lists: a header line, then one card per record, columns `name,count,set`,
 * plus an optional `section` column (hero | main | sideboard) so a whole deck fits one file.
 *
 * Columns are found by their header name, in any order and any case: name (also "card", "card
 * name"), count ("qty", "quantity", "copies"), set ("set code", "edition"), section ("board",
 * "zone"), type ("card type"). Other columns are ignored. Without a section column every card is
 * in the main deck, but a card whose type column says Hero is the hero. Section values: hero;
 * main / main deck / deck / empty; sideboard / side / side deck / sb.
 *
 * As community deck tools write it: a title record first (one field, or no count in it) is the
 * list's title; and a list without a header is read by content — the first all-digit field of
 * its first card record is the count, the first other field the name, a field holding a card type
 * word the type, a short code the set (`4,Bloodbane's Fall,HOA,Ability`). The header, the title
 * and the layout chosen are reported (`ignored`, `notes`).
 * Records are read with common/csv/csv-records.ts (strict RFC 4180).
 */
import { DomainError } from '../../common/errors/domain-error';
import { writeCsv } from '../../common/csv/csv-writer';
import { readCsvRecords, type CsvRecord } from '../../common/csv/csv-records';
import { addLine, isError, lineRef, SET_CODE } from './line-syntax';
import { emptyParsedList, type DeckList, type ParsedDeckList } from './types';

const COLUMNS = {
  name: ['name', 'card', 'card name', 'cardname'],
  count: ['count', 'qty', 'quantity', 'copies', 'amount'],
  set: ['set', 'set code', 'setcode', 'edition'],
  section: ['section', 'board', 'zone'],
  type: ['type', 'card type', 'cardtype'],
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

/** Card type words of both games as deck tools write them (a headerless list's type column). */
const TYPE_WORDS = new Set(['hero', 'master hero', 'ally', 'ability', 'weapon', 'armor', 'item', 'quest', 'location', 'equipment', 'creature', 'artifact', 'terrain', 'event']);

const key = (v: string): string => v.trim().replace(/\s+/g, ' ').toLowerCase();
const COUNT = /^\s*\d+\s*$/;
const shown = (fields: string[]): string => {
  const text = fields.join(',');
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
};

interface Layout {
  name: number;
  count: number;
  set: number;
  section: number;
  type: number;
}

function headerLayout(record: CsvRecord): Layout | null {
  if (record.error) return null;
  const col = (names: readonly string[]): number => record.fields.findIndex((f) => names.includes(key(f)));
  const at = { name: col(COLUMNS.name), count: col(COLUMNS.count), set: col(COLUMNS.set), section: col(COLUMNS.section), type: col(COLUMNS.type) };
  return at.name >= 0 && at.count >= 0 ? at : null;
}

/** The columns of a card record without a header (see the module comment), or null when it is none. */
function contentLayout(record: CsvRecord): Layout | null {
  if (record.error) return null;
  const f = record.fields;
  const count = f.findIndex((v) => COUNT.test(v));
  const name = f.findIndex((v, i) => i !== count && v.trim() !== '' && !COUNT.test(v) && !TYPE_WORDS.has(key(v)));
  if (count < 0 || name < 0) return null;
  const type = f.findIndex((v, i) => i !== count && i !== name && TYPE_WORDS.has(key(v)));
  const set = f.findIndex((v, i) => i !== count && i !== name && i !== type && SET_CODE.test(v.trim()));
  return { name, count, set, section: -1, type };
}

/**
 * Parses a CSV deck list.
 * @throws DomainError MALFORMED_BODY when the text is not CSV (an unclosed quote), or when its
 *   first records (after a title) are neither a header naming the name and count columns nor a
 *   card record. Record-level problems are listed in `errors` and reading goes on.
 */
export function parseCsvDeck(text: string): ParsedDeckList {
  const records = readCsvRecords(text);
  const out = emptyParsedList();
  if (records.length === 0) return out;
  let rows = records;
  let layout = headerLayout(rows[0]) ?? contentLayout(rows[0]);
  // A title record: the list's name, before its header or first card.
  if (!layout && rows.length > 1 && !rows[0].error && !rows[0].fields.some((v) => COUNT.test(v))) {
    out.ignored.push({ line: rows[0].line, reason: 'title', text: shown(rows[0].fields) });
    rows = rows.slice(1);
    layout = headerLayout(rows[0]) ?? contentLayout(rows[0]);
  }
  const header = rows[0];
  if (!layout) {
    throw new DomainError(
      'MALFORMED_BODY',
      'The CSV deck list must start with a header line naming its columns, like "name,count,set", or with a card line like "2,Card Name,SET"',
      [{ rule: 'csvHeader', message: `line ${header.line} is neither a header with "name" and "count" columns nor a card line`, line: header.line }],
    );
  }
  const at = layout;
  const headed = headerLayout(header) !== null;
  if (headed) {
    out.ignored.push({ line: header.line, reason: 'header', text: shown(header.fields) });
    rows = rows.slice(1);
  } else {
    const columns = (['count', 'name', 'set', 'type'] as const).filter((c) => at[c] >= 0).map((c) => `${c} in column ${at[c] + 1}`);
    out.notes.push({ line: header.line, message: `no header line: read by content, ${columns.join(', ')}` });
  }
  const width = headed ? header.fields.length : null;
  for (const r of rows) {
    if (r.error) {
      out.errors.push({ line: r.line, message: r.error });
      continue;
    }
    if (width !== null && r.fields.length !== width) {
      out.errors.push({ line: r.line, message: `${r.fields.length} fields, but the header names ${width} columns` });
      continue;
    }
    const field = (i: number): string => (i >= 0 && i < r.fields.length ? r.fields[i] : '');
    const sectionText = key(field(at.section));
    const section = at.section < 0 && key(field(at.type)) === 'hero' ? 'hero' : Object.hasOwn(SECTIONS, sectionText) ? SECTIONS[sectionText] : undefined;
    if (!section) {
      out.errors.push({ line: r.line, message: `section "${sectionText.slice(0, 30)}" is not hero, main or sideboard` });
      continue;
    }
    const ref = lineRef(r.line, field(at.count), field(at.name), at.set >= 0 ? field(at.set) : undefined);
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
