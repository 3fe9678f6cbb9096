import type { ErrorDetail } from '../../common/errors/domain-error';
import type { ImportProblems } from './import-problems';
import { preview } from './text';

/**
 * Reads typed fields from one row of a community data file, recording a problem (with the row's
 * field path and card) instead of throwing, so an import reports every bad field at once.
 */
export class RowReader {
  constructor(
    readonly row: Record<string, unknown>,
    /** Path of the row, e.g. "[12]" or "cards[12]"; fields are appended as ".name". */
    readonly path: string,
    /** Card label for the details: its name, or "<SET>-<n>". */
    readonly card: string | undefined,
    private readonly problems: ImportProblems,
  ) {}

  field(key: string): string {
    return `${this.path}.${key}`;
  }

  problem(key: string, rule: string, message: string): void {
    const prefix = this.card ? `${this.card}: ` : '';
    this.problems.add({ field: this.field(key), rule, message: `${prefix}${message}`, ...(this.card ? { card: this.card } : {}) });
  }

  /**
   * A value the rules profile does not know: kept as a warning in `kept` (lenient import), else a
   * problem (rule isIn). @returns whether the caller keeps the value.
   */
  unknownValue(key: string, message: string, kept: ErrorDetail[] | undefined): boolean {
    const prefix = this.card ? `${this.card}: ` : '';
    return this.problems.unknownValue({ field: this.field(key), rule: 'isIn', message: `${prefix}${message}`, ...(this.card ? { card: this.card } : {}) }, kept);
  }

  /** A reader for an object held in a field of this row: same card, same problems. */
  nested(key: string, value: Record<string, unknown>): RowReader {
    return new RowReader(value, this.field(key), this.card, this.problems);
  }

  /** True when the field is absent, null or blank. */
  isBlank(key: string): boolean {
    const v = this.row[key];
    return v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
  }

  /** A string field, trimmed; null when blank. Records `required`/`isString` problems. */
  string(key: string, required = false): string | null {
    const v = this.row[key];
    if (this.isBlank(key)) {
      if (required) this.problem(key, 'required', `${key} is missing`);
      return null;
    }
    if (typeof v !== 'string') {
      this.problem(key, 'isString', `${key} must be text, got ${preview(v)}`);
      return null;
    }
    return v.trim();
  }

  /**
   * A whole number ≥ min given as a number or as digits in a string (the community files mix
   * both); null when blank. Records `required`/`isInt` problems.
   */
  integer(key: string, options: { required?: boolean; min?: number } = {}): number | null {
    const { required = false, min = 0 } = options;
    const v = this.row[key];
    if (this.isBlank(key)) {
      if (required) this.problem(key, 'required', `${key} is missing`);
      return null;
    }
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : NaN;
    if (!Number.isSafeInteger(n) || n < min) {
      this.problem(key, 'isInt', `${key} must be a whole number ≥ ${min}, got ${preview(v)}`);
      return null;
    }
    return n;
  }

  /**
   * A code looked up (case-insensitively) in a table; null when blank or unknown.
   * Records `required`/`isIn` problems listing the accepted codes.
   */
  oneOf<T>(key: string, table: Readonly<Record<string, T>>, required = true): T | null {
    const raw = this.string(key, required);
    if (raw === null) return null;
    const hit = Object.entries(table).find(([code]) => code.toLowerCase() === raw.toLowerCase());
    if (!hit) {
      this.problem(key, 'isIn', `${key} ${preview(raw)} is not one of ${Object.keys(table).join(', ')}`);
      return null;
    }
    return hit[1];
  }
}
