import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import Piscina from 'piscina';
import { PROJECT_ROOT } from '../common/database/database-target';
import { DomainError } from '../common/errors/domain-error';
import { readDeckList, type ReadDeckList, type ReadDeckListRequest } from './deck-list-reading';
import type { ReadAnswer } from './deck-list.worker';

/**
 * The compiled worker: beside this file in dist/, or dist/'s copy when this file runs from src/
 * under jest (`npm run test:system` builds first). None: lists are read inline.
 */
function workerFile(): string | null {
  return [join(__dirname, 'deck-list.worker.js'), join(PROJECT_ROOT, 'dist', 'decks', 'deck-list.worker.js')].find((f) => existsSync(f)) ?? null;
}

/**
 * Reads deck list files in a worker thread (deck-list-reading.ts), so that a list of 500 unknown
 * names or a 256 KB .o8d file never holds the event loop: the main thread only copies the text in
 * and the answer (at most 500 entries) out.
 */
@Injectable()
export class DeckListReader implements OnModuleDestroy {
  private readonly logger = new Logger(DeckListReader.name);
  private pool: Piscina | null | undefined;
  /** The thread that read the last list (tests check it is not the event loop's). */
  lastReadOn: number | null = null;

  /** @throws DomainError as readDeckList. */
  async read(request: ReadDeckListRequest): Promise<ReadDeckList> {
    const pool = this.workers();
    if (!pool) {
      this.lastReadOn = threadId;
      return readDeckList(request);
    }
    const answer = (await pool.run(request)) as ReadAnswer;
    if (!answer.ok) throw new DomainError(answer.error.code, answer.error.message, answer.error.details);
    this.lastReadOn = answer.threadId;
    return answer.list;
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool?.destroy();
  }

  /**
   * One worker, started at the first list and ended after a minute idle: a list is read in
   * milliseconds, so lists queue behind one another rather than take a second core from the
   * server and PostgreSQL.
   */
  private workers(): Piscina | null {
    if (this.pool !== undefined) return this.pool;
    const filename = workerFile();
    if (!filename) this.logger.warn('deck-list.worker.js not built: deck lists are read on the event loop');
    this.pool = filename ? new Piscina({ filename, minThreads: 0, maxThreads: 1, idleTimeout: 60_000 }) : null;
    return this.pool;
  }
}
