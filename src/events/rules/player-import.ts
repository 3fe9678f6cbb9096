/**
 * Reading an organizer's player list (Podium's rule, docs/rules.md, Registration): a pasted list
 * of names, one a line, or a CSV file. Every line becomes an entry or a problem, never nothing.
 * Pure: the service passes the names and member numbers already in the event.
 *
 * - Format `auto` (the default): CSV when the first line is a header naming a `name` column,
 *   else one name a line. `csv`: CSV, the header optional (without one the columns are name,
 *   memberNumber). `lines`: one name a line (commas are part of the name).
 * - Header names, any case: `name` / `имя`, `memberNumber` / `member number` / `member` / `номер`;
 *   other columns are ignored.
 * - Problems (rule): `blank` (an empty line), `unreadable` (a CSV record that is not valid CSV, or
 *   a name of invisible characters only), `tooLong` (name over 80 characters, member number over
 *   40), `duplicate` (a name or member number of an earlier line or of a player already in the
 *   event; names compare in any case, spaces collapsed).
 */
import { readCsvRecords } from '../../common/csv/csv-records';
import { normalizeName, unreadableName } from '../../common/validation/display-name';

export const PLAYER_LIST_FORMATS = ['auto', 'csv', 'lines'] as const;
export type PlayerListFormat = (typeof PLAYER_LIST_FORMATS)[number];
export const MAX_IMPORT_NAME = 80;
export const MAX_IMPORT_MEMBER_NUMBER = 40;

/** A line that becomes an entry: its 1-based line number in the text, the name, the member number if given. */
export interface PlayerListEntry {
  line: number;
  name: string;
  memberNumber?: string;
}

/** A line that does not: where, what it held, why. */
export interface PlayerListProblem {
  line: number;
  text: string;
  rule: 'blank' | 'unreadable' | 'tooLong' | 'duplicate';
  message: string;
}

const NAME_HEADERS = ['name', 'имя', 'player', 'игрок'];
const MEMBER_HEADERS = ['membernumber', 'member number', 'member', 'number', 'номер', 'member_number'];

/** A name as compared for duplicates: NFC, any case, runs of spaces as one. */
export function nameKey(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase();
}

/**
 * READ_PLAYER_LIST: the entries and the problems of a list, in line order (see the file's head).
 * @param known the names and member numbers already registered (or waitlisted) in the event.
 * @throws DomainError MALFORMED_BODY when a CSV quoted field is never closed (nothing can be read after it).
 */
export function readPlayerList(
  text: string,
  format: PlayerListFormat,
  known: { names: readonly string[]; memberNumbers: readonly string[] },
): { entries: PlayerListEntry[]; problems: PlayerListProblem[] } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  if (lines.length > 1 && lines.at(-1) === '') lines.pop(); // the text's last line break ends a line, it opens none
  const problems: PlayerListProblem[] = [];
  const rows: { line: number; text: string; name: string; memberNumber?: string; error?: string }[] = [];
  const header = format === 'lines' ? null : headerOf(lines[0] ?? '');
  if (format === 'lines' || (format === 'auto' && header === null)) {
    lines.forEach((raw, i) => {
      if (raw.trim() === '') problems.push({ line: i + 1, text: raw, rule: 'blank', message: 'empty line' });
      else rows.push({ line: i + 1, text: raw, name: raw });
    });
  } else {
    const records = readCsvRecords(lines.join('\n'), 'The player list');
    lines.forEach((raw, i) => {
      if (raw.trim() === '') problems.push({ line: i + 1, text: raw, rule: 'blank', message: 'empty line' });
    });
    const columns = header ?? { name: 0, memberNumber: 1 };
    for (const record of records) {
      if (header && record.line === 1) continue;
      const text = lines[record.line - 1] ?? '';
      const cell = (index: number | undefined) => (index === undefined ? '' : (record.fields[index] ?? '').trim());
      const name = cell(columns.name);
      const memberNumber = cell(columns.memberNumber);
      if (record.error) rows.push({ line: record.line, text, name, error: record.error });
      else if (name === '' && record.fields.every((f) => f.trim() === '')) problems.push({ line: record.line, text, rule: 'blank', message: 'empty line' });
      else rows.push({ line: record.line, text, name, ...(memberNumber ? { memberNumber } : {}) });
    }
  }
  const names = new Set(known.names.map(nameKey));
  const members = new Set(known.memberNumbers);
  const entries: PlayerListEntry[] = [];
  for (const row of rows) {
    const name = normalizeName(row.name) as string;
    const problem = (rule: PlayerListProblem['rule'], message: string) => problems.push({ line: row.line, text: row.text, rule, message });
    if (row.error) problem('unreadable', row.error);
    else if (name === '') problem('blank', 'no name');
    else if (unreadableName(name)) problem('unreadable', `name ${unreadableName(name)}`);
    else if (name.length > MAX_IMPORT_NAME) problem('tooLong', `name longer than ${MAX_IMPORT_NAME} characters`);
    else if (row.memberNumber && row.memberNumber.length > MAX_IMPORT_MEMBER_NUMBER) problem('tooLong', `member number longer than ${MAX_IMPORT_MEMBER_NUMBER} characters`);
    else if (names.has(nameKey(name))) problem('duplicate', `${name} is already on the list`);
    else if (row.memberNumber && members.has(row.memberNumber)) problem('duplicate', `member number ${row.memberNumber} is already on the list`);
    else {
      names.add(nameKey(name));
      if (row.memberNumber) members.add(row.memberNumber);
      entries.push({ line: row.line, name, ...(row.memberNumber ? { memberNumber: row.memberNumber } : {}) });
    }
  }
  problems.sort((a, b) => a.line - b.line);
  return { entries, problems };
}

/** The columns of a header line (a first line with a `name` column), or null when the line is not one. */
function headerOf(first: string): { name: number; memberNumber?: number } | null {
  const cells = first.split(',').map((c) => c.trim().replace(/^"|"$/g, '').toLowerCase());
  const name = cells.findIndex((c) => NAME_HEADERS.includes(c));
  if (name < 0) return null;
  const member = cells.findIndex((c) => MEMBER_HEADERS.includes(c));
  return { name, ...(member >= 0 ? { memberNumber: member } : {}) };
}
