/**
 * checkDeck: every deck rule of the game and format, all violations together (the product's rule: "All
 * violations are returned together, not the first only"). Pure: no Nest, no database, no I/O.
 *
 * Which rules apply is read from the data, not from the game's id: the hero rule from
 * GameProfile.heroTypes, sizes from GameProfile.limited / CONSTRUCTED_RULES, copies from
 * GameProfile.copyLimits, faction/class/talent from the card attributes that carry them (WoW TCG).
 */
import { classRestrictionRule } from './class-restriction.rule';
import { copyLimitRule } from './copy-limit.rule';
import { deckContext, type DeckRule } from './deck-context';
import { deckSizeRule } from './deck-size.rule';
import { factionRule } from './faction.rule';
import { heroRule } from './hero.rule';
import { poolRule } from './pool.rule';
import { sideDeckSizeRule } from './side-deck-size.rule';
import { sideboardRule } from './sideboard.rule';
import { talentRule } from './talent.rule';
import type { DeckCheckInput, DeckCheckResult, Violation } from './types';
import { unknownCardRule } from './unknown-card.rule';
import { manyCopiesWarnings } from './many-copies.warning';
import { unknownValueWarnings } from './unknown-value.warning';

/** The rules in the order their violations are listed. */
export const DECK_RULES: readonly DeckRule[] = [
  unknownCardRule,
  heroRule,
  deckSizeRule,
  sideDeckSizeRule,
  poolRule,
  copyLimitRule,
  sideboardRule,
  factionRule,
  classRestrictionRule,
  talentRule,
];

/**
 * Checks a deck against the rules of its game and format.
 * @returns legal = no violation; violations in DECK_RULES order, within a rule in deck order;
 *   `warnings` (UNKNOWN_VALUE, unknown-value.warning.ts; MANY_COPIES, many-copies.warning.ts) only
 *   when there are some.
 * @throws Error when input.game is not input.profile's game; RangeError when a count is not a
 *   positive integer (the API validates both before).
 */
export function checkDeck(input: DeckCheckInput): DeckCheckResult {
  const ctx = deckContext(input);
  const violations: Violation[] = [];
  for (const rule of DECK_RULES) violations.push(...rule.check(ctx));
  // Warnings (values the rules do not know, kept by a lenient import) never make a deck illegal.
  const warnings = [...unknownValueWarnings(ctx), ...manyCopiesWarnings(ctx)];
  return warnings.length > 0 ? { legal: violations.length === 0, violations, warnings } : { legal: violations.length === 0, violations };
}
