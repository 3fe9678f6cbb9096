import { Injectable, Logger, OnModuleDestroy, Optional } from '@nestjs/common';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import Piscina from 'piscina';
import { Clock } from '../common/clock/clock';
import { PROJECT_ROOT } from '../common/database/database-target';
import { DomainError, type ErrorDetail } from '../common/errors/domain-error';
import { CatalogRepository, type ImportStatus, type SetRow } from './catalog.repository';
import { CardImages } from './images/card-images.service';
import type { ImportFormat } from './importers';
import { MergeableRefusal, prepareSetFile, type ImportOptions, type PreparedSet, type PrepareRequest } from './set-preparation';
import { factsKey, matchForMerge, type PresentationRow } from './set-merge';
import type { PrepareAnswer } from './set-preparation.worker';

export type { ImportOptions } from './set-preparation';

/** Set file formats that carry no talents, races or tags (OCTGN): their facts never replace a set's. */
const PARTIAL_FORMATS: ReadonlySet<ImportFormat> = new Set(['octgn']);

/** One card row of PreparedSet.cardRows, as the merge reads it back. */
interface CardRowJson {
  number: number;
  name: string;
  rarity: string;
  type: string;
  attributes: unknown;
  text: string | null;
  image: string | null;
  octgn_id: string | null;
}

/** What an import did to one set. */
export interface ImportResult {
  status: ImportStatus;
  set: SetRow;
  /** What the organizer should know: rows left out, aliases used, facts not taken in a merge, unknown values kept. */
  warnings: ErrorDetail[];
}

/**
 * The compiled worker: beside this file in dist/, or dist/'s copy when this file runs from src/
 * under ts-jest (`npm test` builds first). None: the preparation runs inline.
 */
function workerFile(): string | null {
  return [join(__dirname, 'set-preparation.worker.js'), join(PROJECT_ROOT, 'dist', 'catalog', 'set-preparation.worker.js')].find((f) => existsSync(f)) ?? null;
}

/**
 * Imports set files: prepared in a worker thread (parse, booster layout, checks, data version,
 * card rows: set-preparation.ts), so a large file never stalls the server; then stored.
 * All-or-nothing: the file is checked whole before anything is written, and each set is stored in
 * one transaction.
 */
@Injectable()
export class SetImporter implements OnModuleDestroy {
  private readonly logger = new Logger(SetImporter.name);
  private pool: Piscina | null | undefined;
  /** The thread that prepared the last file (tests check it is not the event loop's). */
  lastPreparedOn: number | null = null;

  constructor(
    private readonly repository: CatalogRepository,
    private readonly clock: Clock,
    // Absent where sets are loaded without a server (the test setup's catalog): nothing to rescan.
    @Optional() private readonly images?: CardImages,
  ) {}

  /**
   * Imports a set file: a set the catalog lacks is created; an OCTGN file of the same cards as the
   * set's current version (it carries fewer facts than a shipped set) merges its GUIDs, text and
   * images into it (set-merge.ts), as does a refused file that is a copy of a known set; a file of
   * another card list becomes a new version. Rescans the card image folder when a set changed.
   * @throws DomainError MALFORMED_BODY / IMPORT_INVALID (from the parser), BOOSTER_LAYOUT_REQUIRED,
   *   BOOSTER_LAYOUT_INVALID, VALIDATION_FAILED (several sets without ?set=, unknown layout template).
   */
  async importFile(format: ImportFormat, text: string, options: ImportOptions = {}): Promise<ImportResult[]> {
    let prepared: PreparedSet[];
    try {
      prepared = await this.prepare({ format, text, options });
    } catch (error) {
      // A file refused whole may still be a copy of a set the catalog has (OCTGN's own Heroes of
      // Azeroth misnumbers two cards): then its GUIDs and text merge, and its problems are warnings.
      const merged = error instanceof MergeableRefusal ? await this.mergeRefused(error) : null;
      if (merged) return [merged];
      throw error;
    }
    const results: ImportResult[] = [];
    for (const set of prepared) {
      // Only formats that cannot carry every rules fact merge over other facts: a Podium or community
      // JSON file of the same cards with a corrected fact is a correction, stored as a new version.
      const merged = PARTIAL_FORMATS.has(format) ? await this.mergeSameCards(set) : null;
      results.push(merged ?? (await this.store(set, format)));
    }
    // The store's image folder may already hold pictures of the new cards (by set/number or OCTGN
    // GUID): match them now, not at the next start.
    if (results.some((r) => r.status !== 'unchanged')) await this.images?.scan();
    return results;
  }

  private async store(set: PreparedSet, format: ImportFormat): Promise<ImportResult> {
    const { status, row } = await this.repository.storeSet({ set, sourceFormat: format, now: this.clock.now() });
    return { status, set: row, warnings: set.warnings };
  }

  /**
   * A file with other facts but the same card list as the set's current version (an OCTGN file of a
   * shipped set: no talents, no tags) merges into it instead of replacing it with a poorer version.
   * @returns null when there is no such set, the file is that very version (storeSet merges then),
   *   or its card list differs (a new version).
   */
  private async mergeSameCards(set: PreparedSet): Promise<ImportResult | null> {
    const current = await this.repository.currentCardFacts(set.game, set.code, set.dataVersion);
    if (!current) return null;
    const rows = set.cardRows.flatMap((chunk) => JSON.parse(chunk) as CardRowJson[]);
    const file: PresentationRow[] = rows.map((r) => ({
      number: r.number,
      name: r.name,
      text: r.text,
      image: r.image,
      octgnId: r.octgn_id,
      facts: factsKey(r.rarity, r.type, r.attributes),
    }));
    const match = matchForMerge(set.code, current.cards, file);
    if (!match) return null;
    const { status, row } = await this.repository.mergeFacts(set.game, set.code, match.merged, this.clock.now());
    return { status, set: row, warnings: [...set.warnings, ...match.notes] };
  }

  /** A refused file that is a copy of a set the catalog has: merged, its problems as warnings; else null. */
  private async mergeRefused(refusal: MergeableRefusal): Promise<ImportResult | null> {
    const { salvage } = refusal;
    const current = salvage.code === null ? null : await this.repository.currentCardFacts(salvage.game, salvage.code);
    const match = current && matchForMerge(salvage.code!, current.cards, salvage.cards);
    if (!match) return null;
    const { status, row } = await this.repository.mergeFacts(salvage.game, salvage.code!, match.merged, this.clock.now());
    const notTaken = refusal.details.map((d) => ({ ...d, message: `${d.message} (not taken: the catalog's facts are kept)` }));
    return { status, set: row, warnings: [...refusal.notices, ...match.notes, ...notTaken] };
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool?.destroy();
  }

  private async prepare(request: PrepareRequest): Promise<PreparedSet[]> {
    const pool = this.workers();
    if (!pool) {
      this.lastPreparedOn = threadId;
      return prepareSetFile(request);
    }
    const answer = (await pool.run(request)) as PrepareAnswer;
    if (!answer.ok) {
      const refusal = new DomainError(answer.error.code, answer.error.message, answer.error.details);
      throw answer.salvage ? new MergeableRefusal(refusal, answer.salvage.salvage, answer.salvage.notices) : refusal;
    }
    this.lastPreparedOn = answer.threadId;
    return answer.prepared;
  }

  /** One worker, started at the first import and ended when idle: imports are rare and queue. */
  private workers(): Piscina | null {
    if (this.pool !== undefined) return this.pool;
    const filename = workerFile();
    if (!filename) this.logger.warn('set-preparation.worker.js not built: set files are prepared on the event loop');
    this.pool = filename ? new Piscina({ filename, minThreads: 0, maxThreads: 1, idleTimeout: 30_000 }) : null;
    return this.pool;
  }
}
