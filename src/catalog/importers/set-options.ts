import { DomainError, type ErrorDetail } from '../../common/errors/domain-error';
import type { SetData } from '../card.types';
import type { Salvage } from '../set-merge';
import { preview } from './text';

/** Options every importer understands. */
export interface ImportOptions {
  /** Set code to give the imported set (upper-cased); the file must then hold exactly one set. */
  code?: string;
  /** Which set of a multi-set file (e.g. "s1" of Berserk sets.json), matched case-insensitively. */
  set?: string;
  /**
   * Lenient import (`?onUnknown=keep`): where given, a value the rules profile does not know (a
   * faction, a class, a hero class) is kept as the file has it and its problem is collected here as
   * a warning instead of refusing the file. Absent: such values are problems like any other.
   */
  unknownValues?: ErrorDetail[];
  /**
   * Where given, what the importer did that the organizer should know although nothing was refused:
   * a row left out (a card of another numbering series, a loot card that is in no booster), a type
   * or set code read through an alias. Never silently: without this array such rows are still
   * left out, so every caller that imports passes one.
   */
  notices?: ErrorDetail[];
  /**
   * Where given, an importer that can read names and numbers of a file it refuses fills it in (the
   * set code and every card's number, name, GUID and text), so that the file may still merge into
   * the catalog's copy of the set.
   */
  salvage?: Salvage;
}

/** Set codes: upper-case letters and digits, 1–16 characters ("HOA", "S1"); card ids are "<CODE>-<n>". */
export const SET_CODE_PATTERN = /^[A-Z0-9]{1,16}$/;

/**
 * Upper-cases a set code and checks it against SET_CODE_PATTERN.
 * @throws DomainError IMPORT_INVALID (field `code`) when it does not fit.
 */
export function normalizeSetCode(code: string, field = 'code'): string {
  const upper = code.trim().toUpperCase();
  if (!SET_CODE_PATTERN.test(upper)) {
    throw new DomainError('IMPORT_INVALID', `Set code ${preview(code)} is not 1–16 letters or digits`, [
      { field, rule: 'setCode', message: `set code ${preview(code)} must be 1–16 letters or digits` },
    ]);
  }
  return upper;
}

/**
 * Applies `options.set` (keep only that set) and then `options.code` (rename the set).
 * @throws DomainError IMPORT_INVALID when `set` names no set of the file (field `set`), or `code`
 *   is given for a file holding several sets (field `code`).
 */
export function applySetOptions(sets: SetData[], options: ImportOptions): SetData[] {
  let chosen = sets;
  if (options.set !== undefined && options.set !== '') {
    const wanted = options.set.trim().toUpperCase();
    chosen = sets.filter((s) => s.code === wanted);
    if (chosen.length === 0) {
      const codes = sets.map((s) => s.code.toLowerCase()).join(', ');
      throw new DomainError('IMPORT_INVALID', `The file has no set "${options.set}" (it has: ${codes})`, [
        { field: 'set', rule: 'unknownSet', message: `no set "${options.set}" in the file; it has: ${codes}` },
      ]);
    }
  }
  if (options.code !== undefined && options.code !== '') {
    if (chosen.length !== 1) {
      throw new DomainError('IMPORT_INVALID', `A set code can only be given for a file holding one set (this one has ${chosen.length})`, [
        { field: 'code', rule: 'oneSet', message: `the file holds ${chosen.length} sets: choose one with "set" first` },
      ]);
    }
    const code = normalizeSetCode(options.code);
    chosen = [{ ...chosen[0], code }];
  }
  return chosen;
}
