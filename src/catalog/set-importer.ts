import { Injectable } from '@nestjs/common';
import type { BoosterLayout } from '../boosters/booster-layout';
import { defaultLayoutFor, layoutTemplate } from '../boosters/default-layouts';
import { compileLayout } from '../boosters/layout-validation';
import { Clock } from '../common/clock/clock';
import { DomainError } from '../common/errors/domain-error';
import { cardIdOf, type SetData } from './card.types';
import { CatalogRepository, type ImportStatus, type SetRow } from './catalog.repository';
import { dataVersionOf } from './data-version';
import { parseSetFile, type ImportFormat } from './importers';

/** What an import did to one set. */
export interface ImportResult {
  status: ImportStatus;
  set: SetRow;
}

export interface ImportOptions {
  /** Overrides the set code the file implies (OCTGN files carry none). */
  code?: string;
  /** Berserk sets.json: which set of the file. */
  set?: string;
  /** Name of a standard booster layout for a set whose source has none (e.g. "wow-tcg-19"). */
  layout?: string;
}

/**
 * Imports set files: parse (pure importers) → choose the booster layout (the file's, else the
 * requested template, else the game's default for the code) → check the layout can be filled
 * from the set's cards → hash the content into a data version → store.
 * All-or-nothing: every set of a file is checked before anything is written, and each set is
 * stored in one transaction.
 */
@Injectable()
export class SetImporter {
  constructor(
    private readonly repository: CatalogRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * @throws DomainError MALFORMED_BODY / IMPORT_INVALID (from the parser), BOOSTER_LAYOUT_REQUIRED,
   *   BOOSTER_LAYOUT_INVALID, VALIDATION_FAILED (unknown layout template).
   */
  async importFile(format: ImportFormat, text: string, options: ImportOptions = {}): Promise<ImportResult[]> {
    const sets = parseSetFile(format, text, { code: options.code, set: options.set });
    if (sets.length !== 1) {
      const codes = sets.map((s) => s.code.toLowerCase()).join(', ');
      throw new DomainError('VALIDATION_FAILED', `The file holds ${sets.length} sets (${codes}): choose one with ?set=`, [
        { field: 'set', rule: 'required', message: `one of: ${codes}` },
      ]);
    }
    const prepared = sets.map((set) => this.prepare(set, options.layout));
    const results: ImportResult[] = [];
    for (const { set, layout, dataVersion } of prepared) {
      const { status, row } = await this.repository.storeSet({ set, boosterLayout: layout, dataVersion, sourceFormat: format, now: this.clock.now() });
      results.push({ status, set: row });
    }
    return results;
  }

  private prepare(set: SetData, templateName?: string): { set: SetData; layout: BoosterLayout; dataVersion: string } {
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
      throw new DomainError('BOOSTER_LAYOUT_REQUIRED', `Set ${set.code} has no known booster layout: include "boosterLayout" in the file or pass ?layout=<template>`, [
        { field: 'boosterLayout', rule: 'required', message: `no default booster layout for ${set.game} set ${set.code}` },
      ]);
    }
    // Checked now, so a sheet too small is an error at import, not a short pack later.
    compileLayout(
      layout,
      set.cards.map((c) => ({ cardId: cardIdOf(set.code, c.number), rarity: c.rarity, type: c.type })),
    );
    return { set, layout, dataVersion: dataVersionOf(set, layout) };
  }
}
