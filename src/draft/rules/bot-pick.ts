/**
 * The pick of a bot seat, and of a player whose pick timer ran out: a simple, documented rating so
 * that anyone can recompute it from the seed (the tie-break stream is stream-purposes.ts botPickPurpose).
 *
 * score = rarity weight + fit bonus
 * - rarity weight: epic / ultra-rare 4, rare 3, uncommon 2, common 1 (an unknown rarity counts as common);
 *   WoW heroes and master heroes score 0 in all, fit included: players choose any hero in Limited
 *   (docs/rules.md), so a hero is taken only from a pack of nothing else.
 * - fit bonus: a card of a colour (WoW faction Alliance or Horde; Berserk element steppes, forests,
 *   mountains, swamps or darkness) gets +1 per earlier non-hero pick of the same colour, at most +2;
 *   a card that fits any deck (WoW Neutral or Both; Berserk neutral) gets a flat +1; a card whose
 *   faction/element is not recorded gets nothing and counts for nothing. Each game says what a
 *   card's colour is (GameDefinition.botColour, src/catalog/games/<id>/bot-colour.ts): the card's
 *   own game, or every game in registry order when its attributes name none that is known.
 * Ties: the tied distinct card ids in canonical card order (compareCardIds, docs/randomness.md §4,
 * then UTF-16 code units), and `rng.below(number of tied ids)` chooses one; exactly one draw always.
 */
import type { GameId } from '../../catalog/card.types';
import { GAMES } from '../../catalog/games';
import { compareCardIds } from '../../catalog/layouts/layout-validation';
import type { Rng } from '../../common/random/seeded-rng';

/**
 * A card as the bot sees it. `attributes` as in catalog/card.types.ts, read defensively: stored
 * attributes may omit fields that are null or false, or be missing altogether.
 */
export interface BotCard {
  cardId: string;
  rarity: string;
  type: string;
  attributes?: { game?: string; faction?: string; element?: string } | object | null;
}

export const RARITY_WEIGHT: Readonly<Record<string, number>> = { common: 1, uncommon: 2, rare: 3, epic: 4, 'ultra-rare': 4 };
export const FIT_PER_PICK = 1;
export const FIT_CAP = 2;
export const FITS_ANY_BONUS = 1;

const HERO_TYPES = new Set(['hero', 'master-hero']);
const EVERY_GAME = Object.values(GAMES);

/** The card's colour ("wow:Horde", "berserk:swamps"), 'any' when it fits every deck, or null when unknown. */
function colourOf(card: BotCard): string | 'any' | null {
  const a = (card.attributes ?? {}) as Record<string, unknown>;
  const games = typeof a.game === 'string' && Object.hasOwn(GAMES, a.game) ? [GAMES[a.game as GameId]] : EVERY_GAME;
  for (const game of games) {
    const colour = game.botColour(a);
    if (colour !== null) return colour;
  }
  return null;
}

function colourCounts(picked: readonly BotCard[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const card of picked) {
    const colour = colourOf(card);
    if (colour && colour !== 'any' && !HERO_TYPES.has(card.type)) counts.set(colour, (counts.get(colour) ?? 0) + 1);
  }
  return counts;
}

function scoreWith(card: BotCard, counts: Map<string, number>): number {
  if (HERO_TYPES.has(card.type)) return 0;
  const colour = colourOf(card);
  const fit = colour === null ? 0 : colour === 'any' ? FITS_ANY_BONUS : Math.min(FIT_CAP, FIT_PER_PICK * (counts.get(colour) ?? 0));
  return (RARITY_WEIGHT[card.rarity] ?? RARITY_WEIGHT.common) + fit;
}

/** The rating of `card` for a seat that has already picked `picked` (see the file's rule). */
export function botScore(card: BotCard, picked: readonly BotCard[]): number {
  return scoreWith(card, colourCounts(picked));
}

/**
 * The card a bot (or a timed-out player) takes: the best-rated card of `pack`, ties broken by `rng`.
 * @param pack the cards in front of the seat (copies allowed). @param picked the seat's earlier picks.
 * @param rng the pick's own stream, `rngFor(seed, botPickPurpose(pod, seat, round, pick))`.
 * @returns the chosen cardId.
 * @throws RangeError when the pack is empty.
 */
export function botPick(pack: readonly BotCard[], picked: readonly BotCard[], rng: Rng): string {
  if (pack.length === 0) throw new RangeError('botPick: the pack is empty');
  const counts = colourCounts(picked);
  const scores = pack.map((card) => scoreWith(card, counts));
  const best = Math.max(...scores);
  const tied = [...new Set(pack.filter((_, i) => scores[i] === best).map((c) => c.cardId))];
  tied.sort((a, b) => compareCardIds(a, b) || (a < b ? -1 : a > b ? 1 : 0));
  return tied[rng.below(tied.length)];
}
