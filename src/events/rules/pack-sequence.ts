/**
 * The pack sequence of an event: set codes in opening order.
 * When the organizer names a single set, the sequence is that set repeated the game's default
 * number of times, as the format's definition reads it (packsPerPlayer): WoW TCG sealed 6 boosters;
 * WoW draft 4 boosters whatever their size (docs/rules.md, "Sealed Pack Formats":
 * the rule text asks four boosters of every player; three of 19 cards is an organizer option).
 */
import { DomainError } from '../../common/errors/domain-error';
import type { GameProfile } from '../../catalog/games';
import { FORMATS, type EventFormat } from '../formats';

/**
 * @param codes set codes as given (1..24).
 * @param boosterSize cards in a full booster of the (single) set, e.g. 15 or 19.
 * @returns the full sequence of set codes.
 * @throws DomainError VALIDATION_FAILED (field "packs") when one code is given and the game has no
 *   default count for this format and booster size.
 */
export function expandPackSequence(game: GameProfile, format: EventFormat, codes: readonly string[], boosterSize: number): string[] {
  if (codes.length !== 1) return [...codes];
  const count = FORMATS[format].packsPerPlayer(game, boosterSize);
  if (count === null || count === undefined) {
    throw new DomainError('VALIDATION_FAILED', `${game.name} has no default number of ${format} packs for ${boosterSize}-card boosters: list every pack`, [
      { field: 'packs', rule: 'packCount', message: `give the full pack sequence (e.g. ["${codes[0]}","${codes[0]}","${codes[0]}"])` },
    ]);
  }
  return Array.from({ length: count }, () => codes[0]);
}
