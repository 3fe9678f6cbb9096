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
import { prepareSetFile, type ImportOptions, type PreparedSet, type PrepareRequest } from './set-preparation';
import type { PrepareAnswer } from './set-preparation.worker';

export type { ImportOptions } from './set-preparation';

/** What an import did to one set. */
export interface ImportResult {
  status: ImportStatus;
  set: SetRow;
  /** Lenient import: the unknown values kept (empty otherwise). */
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
   * Rescans the card image folder when a set changed (CardImages.scan).
   * @throws DomainError MALFORMED_BODY / IMPORT_INVALID (from the parser), BOOSTER_LAYOUT_REQUIRED,
   *   BOOSTER_LAYOUT_INVALID, VALIDATION_FAILED (several sets without ?set=, unknown layout template).
   */
  async importFile(format: ImportFormat, text: string, options: ImportOptions = {}): Promise<ImportResult[]> {
    const prepared = await this.prepare({ format, text, options });
    const results: ImportResult[] = [];
    for (const set of prepared) {
      const { status, row } = await this.repository.storeSet({ set, sourceFormat: format, now: this.clock.now() });
      results.push({ status, set: row, warnings: set.warnings });
    }
    // The store's image folder may already hold pictures of the new cards (by set/number or OCTGN
    // GUID): match them now, not at the next start.
    if (results.some((r) => r.status !== 'unchanged')) await this.images?.scan();
    return results;
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
    if (!answer.ok) throw new DomainError(answer.error.code, answer.error.message, answer.error.details);
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
