import type { Printing } from '../card.types';

/** Fixed order of printing kinds, so the same data always serializes the same way. */
const KIND_ORDER: readonly Printing['kind'][] = ['extended-art', 'loot', 'foil', 'alternative-art'];

/** Printings without repeats, in KIND_ORDER. */
export function sortPrintings(printings: readonly Printing[]): Printing[] {
  const kinds = new Set(printings.map((p) => p.kind));
  return KIND_ORDER.filter((k) => kinds.has(k)).map((kind) => ({ kind }));
}

export const PRINTING_KINDS = KIND_ORDER;
