import { threadId } from 'node:worker_threads';
import { DomainError, type ErrorDetail } from '../common/errors/domain-error';
import { readDeckList, type ReadDeckList, type ReadDeckListRequest } from './deck-list-reading';

/** A worker's answer: the list read, or the domain error to throw again on the main thread. */
export type ReadAnswer = { ok: true; list: ReadDeckList; threadId: number } | { ok: false; error: { code: DomainError['code']; message: string; details: ErrorDetail[] } };

/**
 * Piscina worker: reads a deck list off the event loop (parsing any of the four formats and the
 * closest-name search grow with the file; on the loop they held every other request). Errors other
 * than domain errors are thrown as usual.
 */
export default function readInWorker(request: ReadDeckListRequest): ReadAnswer {
  try {
    return { ok: true, list: readDeckList(request), threadId };
  } catch (error) {
    if (error instanceof DomainError) return { ok: false, error: { code: error.code, message: error.message, details: error.details } };
    throw error;
  }
}
