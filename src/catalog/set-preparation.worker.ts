import { threadId } from 'node:worker_threads';
import { DomainError, type ErrorDetail } from '../common/errors/domain-error';
import { MergeableRefusal, prepareSetFile, type PreparedSet, type PrepareRequest } from './set-preparation';
import type { Salvage } from './set-merge';

/** A worker's answer: the prepared sets, or the domain error to throw again on the main thread. */
export type PrepareAnswer =
  | { ok: true; prepared: PreparedSet[]; threadId: number }
  | { ok: false; error: { code: DomainError['code']; message: string; details: ErrorDetail[] }; salvage?: { salvage: Salvage; notices: ErrorDetail[] } };

/**
 * Piscina worker: prepares a set file off the event loop (a 9 MB file is seconds of parsing and
 * checking that would stall every request). Errors other than domain errors are thrown as usual.
 */
export default function prepareInWorker(request: PrepareRequest): PrepareAnswer {
  try {
    return { ok: true, prepared: prepareSetFile(request), threadId };
  } catch (error) {
    if (error instanceof DomainError) {
      const salvage = error instanceof MergeableRefusal ? { salvage: { salvage: error.salvage, notices: error.notices } } : {};
      return { ok: false, error: { code: error.code, message: error.message, details: error.details }, ...salvage };
    }
    throw error;
  }
}
