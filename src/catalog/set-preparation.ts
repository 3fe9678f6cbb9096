import { randomUUID } from 'node:crypto';
import type { BoosterLayout } from './layouts/booster-layout';
import { defaultLayoutFor, LAYOUT_TEMPLATE_NAMES, layoutTemplate } from './layouts/default-layouts';
import { compileLayout } from './layouts/layout-validation';
import { DomainError, type ErrorDetail } from '../common/errors/domain-error';
import { cardIdOf, type GameId, type SetData } from './card.types';
import { dataVersionOf } from './data-version';
import { parseSetFile, type ImportFormat } from './importers';
import type { Salvage } from './set-merge';

export interface ImportOptions {
  /** Overrides the set code the file implies (OCTGN files carry none). */
  code?: string;
  /** Berserk sets.json: which set of the file. */
  set?: string;
  /** Name of a standard booster layout for a set whose source has none (e.g. "wow-tcg-19"). */
  layout?: string;
  /** "keep": values the rules profile does not know are kept and reported as warnings (default "refuse"). */
  onUnknown?: 'refuse' | 'keep';
}

/** Card rows per INSERT of a set import (see PreparedSet.cardRows). */
export const CARD_ROWS_PER_CHUNK = 250;

/** One set of a file, checked and ready to store: what the repository writes, nothing more. */
export interface PreparedSet {
  game: GameId;
  /** Upper-case set code. */
  code: string;
  name: string;
  layout: BoosterLayout;
  dataVersion: string;
  cardCount: number;
  /**
   * The card rows as JSON arrays of at most CARD_ROWS_PER_CHUNK rows each (id, card_id, number,
   * name, rarity, type, attributes, printings, text, image, octgn_id), one INSERT each: Prisma
   * handles a statement's parameters on the event loop (~15 ms per MB), so one 3 MB parameter for
   * a 5,000-card set stalled every other request by 50–70 ms; chunks keep each stall short.
   */
  cardRows: string[];
  /**
   * What the organizer should know: rows left out or read through an alias (always), and with
   * `onUnknown: "keep"` the unknown values kept; one detail each (field, rule, message, card, line).
   */
  warnings: ErrorDetail[];
}

/**
 * A file refused whole that still names its set and cards (see ImportOptions.salvage): the caller
 * may merge it into the catalog's copy of that set, else throws it as the refusal it is.
 */
export class MergeableRefusal extends DomainError {
  constructor(
    refusal: DomainError,
    readonly salvage: Salvage,
    readonly notices: ErrorDetail[],
  ) {
    super(refusal.code, refusal.message, refusal.details);
  }
}

export interface PrepareRequest {
  format: ImportFormat;
  text: string;
  options: ImportOptions;
}

/**
 * Everything of a set import that needs no database, as a pure function (it runs in a worker
 * thread: set-preparation.worker.ts): parse the file (the format's importer) → one set → its
 * booster layout (the file's, else the requested template, else the game's default for the code)
 * → check the layout can be filled from the set's cards → hash the content into a data version →
 * the card rows. With `onUnknown: "keep"` values the rules profile does not know are kept and
 * listed as warnings (see ImportOptions.unknownValues of the importers).
 * @throws DomainError MALFORMED_BODY / IMPORT_INVALID (from the parser), VALIDATION_FAILED (several
 *   sets without ?set=, unknown layout template), BOOSTER_LAYOUT_REQUIRED, BOOSTER_LAYOUT_INVALID
 */
export function prepareSetFile({ format, text, options }: PrepareRequest): PreparedSet[] {
  const warnings: ErrorDetail[] = [];
  const kept: ErrorDetail[] = [];
  const salvage: Salvage = { game: 'wow-tcg', code: null, cards: [] };
  let sets: SetData[];
  try {
    sets = parseSetFile(format, text, { code: options.code, set: options.set, notices: warnings, salvage, ...(options.onUnknown === 'keep' ? { unknownValues: kept } : {}) });
  } catch (error) {
    if (error instanceof DomainError && error.code === 'IMPORT_INVALID' && salvage.code !== null && salvage.cards.length > 0) throw new MergeableRefusal(error, salvage, warnings);
    throw error;
  }
  warnings.push(...kept);
  if (sets.length !== 1) {
    const codes = sets.map((s) => s.code.toLowerCase()).join(', ');
    throw new DomainError('VALIDATION_FAILED', `The file holds ${sets.length} sets (${codes}): choose one with ?set=`, [
      { field: 'set', rule: 'required', message: `one of: ${codes}` },
    ]);
  }
  return sets.map((set) => ({ ...prepareSet(set, options.layout), warnings }));
}

/** The stored layout of a set not sold in boosters: no sheet, no variant (packSizes []). */
export const NO_BOOSTERS: BoosterLayout = { sheets: {}, variants: [] };

function prepareSet(set: SetData, templateName?: string): Omit<PreparedSet, 'warnings'> {
  if (set.boosters === false) {
    if (set.boosterLayout) {
      throw new DomainError('BOOSTER_LAYOUT_INVALID', `Set ${set.code} is marked as not sold in boosters ("boosters": false) but has a booster layout`, [
        { field: 'boosterLayout', rule: 'noBoosters', message: 'a set without boosters has no layout' },
      ]);
    }
    return preparedRows(set, NO_BOOSTERS);
  }
  let layout = set.boosterLayout;
  if (!layout && templateName) {
    layout = layoutTemplate(templateName);
    if (!layout) {
      throw new DomainError('VALIDATION_FAILED', `Unknown booster layout template "${templateName}"`, [
        { field: 'layout', rule: 'layoutTemplate', message: `unknown template "${templateName}"` },
      ]);
    }
  }
  layout ??= defaultLayoutFor(set.game, set.code);
  if (!layout) {
    const templates = LAYOUT_TEMPLATE_NAMES.filter((name) => name.startsWith(set.game)).join(', ');
    throw new DomainError(
      'BOOSTER_LAYOUT_REQUIRED',
      `Set ${set.code} has no known booster layout: pass ?layout=<template> (${templates}) or include "boosterLayout" in the file; if it is a set Podium knows under another code, pass ?code=<that code>`,
      [{ field: 'layout', rule: 'required', message: `no default booster layout for ${set.game} set ${set.code}: one of ${templates}, or ?code= of a known set` }],
    );
  }
  // Checked now, so a sheet too small is an error at import, not a short pack later.
  compileLayout(
    layout,
    set.cards.map((c) => ({ cardId: cardIdOf(set.code, c.number), rarity: c.rarity, type: c.type })),
  );
  return preparedRows(set, layout);
}

function preparedRows(set: SetData, layout: BoosterLayout): Omit<PreparedSet, 'warnings'> {
  const code = set.code.toUpperCase();
  const rows = set.cards.map((card) => ({
    id: randomUUID(),
    card_id: cardIdOf(code, card.number),
    number: card.number,
    name: card.name,
    rarity: card.rarity,
    type: card.type,
    attributes: card.attributes,
    printings: card.printings,
    text: card.text ?? null,
    image: card.image ?? null,
    octgn_id: card.octgnId ?? null,
  }));
  const cardRows: string[] = [];
  for (let i = 0; i < rows.length; i += CARD_ROWS_PER_CHUNK) cardRows.push(JSON.stringify(rows.slice(i, i + CARD_ROWS_PER_CHUNK)));
  return { game: set.game, code, name: set.name, layout, dataVersion: dataVersionOf(set, layout), cardCount: set.cards.length, cardRows };
}
