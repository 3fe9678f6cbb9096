import { stringify } from 'csv-stringify/sync';

/**
 * The one CSV writer of every export (standings, pairings, leagues, deck lists): RFC 4180 with
 * CRLF line ends, a header row, fields quoted where needed, and spreadsheet formulas neutralized —
 * a field starting with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'`, so a
 * player named `=HYPERLINK(…)` or `@SUM(1+1)` is shown as text when the file is opened in Excel
 * or LibreOffice (OWASP "CSV injection").
 */
export function writeCsv(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  // quoted_match: a lone LF or CR inside a field must be quoted too (only CRLF is by default).
  return stringify([header, ...rows], { record_delimiter: '\r\n', escape_formulas: true, quoted_match: /[\r\n]/, cast: { number: (n) => String(n) } });
}
