import { DomainError, type ErrorDetail } from '../../common/errors/domain-error';

/** At most this many details go into one error; the rest are counted in a final detail. */
export const MAX_IMPORT_DETAILS = 50;

/**
 * Collects every content problem of an import, because an import is all-or-nothing: the organizer
 * should fix the whole file in one go, not one error per upload.
 */
export class ImportProblems {
  private readonly details: ErrorDetail[] = [];
  /** How many problems are values the profile does not know (a lenient import would keep them). */
  private unknownValues = 0;

  /** Records one problem (`card` = the card's name, or "<SET>-<n>" when it has none). */
  add(detail: ErrorDetail): void {
    this.details.push(detail);
  }

  /**
   * A value the rules profile does not know (e.g. faction "Undead"): kept as a warning in `kept`
   * when the import is lenient (ImportOptions.unknownValues), else recorded as a problem.
   * @returns whether the caller keeps the value.
   */
  unknownValue(detail: ErrorDetail, kept: ErrorDetail[] | undefined): boolean {
    if (kept) {
      kept.push({ ...detail, message: `${detail.message} (kept as it is)` });
      return true;
    }
    this.add(detail);
    this.unknownValues += 1;
    return false;
  }

  get count(): number {
    return this.details.length;
  }

  /**
   * @throws DomainError IMPORT_INVALID listing the problems (at most MAX_IMPORT_DETAILS, then one
   *   "tooManyProblems" detail counting the rest) when any was recorded; otherwise returns.
   */
  throwIfAny(what: string): void {
    if (this.details.length === 0) return;
    const n = this.details.length;
    const shown = this.details.slice(0, MAX_IMPORT_DETAILS);
    if (n > MAX_IMPORT_DETAILS) {
      shown.push({ rule: 'tooManyProblems', message: `${n - MAX_IMPORT_DETAILS} more problems not listed` });
    }
    // A refusal names the option that would import the file when that is all that stands in the way.
    const hint =
      this.unknownValues === n
        ? '; every problem is a value Podium does not know: ?onUnknown=keep imports the file keeping them as warnings'
        : this.unknownValues > 0
          ? `; ${this.unknownValues} of them are values Podium does not know (?onUnknown=keep keeps those)`
          : '';
    throw new DomainError('IMPORT_INVALID', `${what}: ${n} problem${n === 1 ? '' : 's'}, nothing imported; first: ${this.details[0].message}${hint}`, shown);
  }
}
