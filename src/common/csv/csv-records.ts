/**
 * A small strict CSV reader (RFC 4180): comma-separated fields, fields in double quotes may hold
 * commas, line breaks and doubled quotes (""). A quote inside an unquoted field, or text after a
 * closing quote, makes that record an error and reading goes on with the next record; an unclosed
 * quote makes the whole text unreadable. Why not csv-parse: tried on the deck-list cases of
 * csv.spec.ts, with skip_records_with_error it loses its place after a stray closing quote and
 * drops every later good record (reporting an unclosed quote at the end), so a player would see
 * the wrong lines blamed and cards silently missing.
 */
import { DomainError } from '../errors/domain-error';

export interface CsvRecord {
  /** 1-based line where the record starts. */
  line: number;
  fields: string[];
  /** Why the record is unreadable (its fields are then incomplete). */
  error?: string;
}

/**
 * Splits a CSV text into records (blank lines skipped).
 * @throws DomainError MALFORMED_BODY when a quoted field is never closed (detail.line = where it opened).
 */
export function readCsvRecords(text: string, what = 'The CSV deck list'): CsvRecord[] {
  const src = text.replace(/^\uFEFF/, '');
  const records: CsvRecord[] = [];
  let line = 1;
  let i = 0;
  while (i < src.length) {
    const start = line;
    const fields: string[] = [];
    let error: string | undefined;
    let field = '';
    let endOfRecord = false;
    while (!endOfRecord) {
      if (src[i] === '"') {
        const openedAt = line;
        i++;
        for (;;) {
          if (i >= src.length) {
            throw new DomainError('MALFORMED_BODY', `${what} is not valid CSV: the quoted field opened on line ${openedAt} is never closed`, [
              { rule: 'csv', message: 'quoted field never closed', line: openedAt },
            ]);
          }
          const c = src[i];
          if (c === '"') {
            if (src[i + 1] === '"') {
              field += '"';
              i += 2;
              continue;
            }
            i++;
            break;
          }
          if (c === '\r' || c === '\n') {
            line++;
            if (c === '\r' && src[i + 1] === '\n') {
              field += '\r';
              i++;
            }
          }
          field += src[i];
          i++;
        }
        // After a closing quote: a separator, the end of the record or the end of the text.
        if (i < src.length && src[i] !== ',' && src[i] !== '\r' && src[i] !== '\n') {
          error ??= 'text follows a closing quote (write "" for a quote inside a quoted field)';
          while (i < src.length && src[i] !== ',' && src[i] !== '\r' && src[i] !== '\n') i++;
        }
      } else {
        while (i < src.length && src[i] !== ',' && src[i] !== '\r' && src[i] !== '\n') {
          if (src[i] === '"') error ??= 'a quote inside an unquoted field (put the field in quotes and double the quote)';
          field += src[i];
          i++;
        }
      }
      fields.push(field);
      field = '';
      if (i >= src.length) endOfRecord = true;
      else if (src[i] === ',') i++;
      else {
        i += src[i] === '\r' && src[i + 1] === '\n' ? 2 : 1;
        line++;
        endOfRecord = true;
      }
    }
    const blank = fields.length === 1 && fields[0].trim() === '' && !error;
    if (!blank) records.push(error ? { line: start, fields, error } : { line: start, fields });
  }
  return records;
}
