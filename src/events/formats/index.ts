/**
 * The event formats, defined in code: one folder per format (`./<id>/`, see format-definition.ts),
 * each exporting one FormatDefinition, all registered here. An EventFormat without its entry, or an
 * entry without a part, does not compile.
 */
import { DRAFT_FORMAT } from './draft';
import type { EventFormat, FormatDefinition } from './format-definition';
import { SEALED_FORMAT } from './sealed';

export { EVENT_FORMATS, type EventFormat, type FormatDefinition, type PairingScope, type PoolSource } from './format-definition';
export { DRAFT_FORMAT } from './draft';
export { SEALED_FORMAT } from './sealed';

/** Each format's definition under its own name. */
export type FormatRegistry = { readonly [F in EventFormat]: FormatDefinition<F> };

/** Every format the product knows, by name. The order here is the order of EVENT_FORMATS. */
export const FORMATS: FormatRegistry = {
  sealed: SEALED_FORMAT,
  draft: DRAFT_FORMAT,
};

/**
 * Whether an event's packs are drawn without the game's hero-only sheets: its format's rule
 * (packsLeaveOutHeroSlot), unless the event keeps the hero slot. The server's pack drawing and the
 * verifier both ask this.
 */
export function packsLeaveOutHeroSlot(event: { format: EventFormat; keepHeroSlot: boolean }): boolean {
  return FORMATS[event.format].packsLeaveOutHeroSlot && !event.keepHeroSlot;
}
