/**
 * Whether a hero may have a card in its deck under the WoW TCG faction, class and talent rules: the
 * three tests of faction.rule.ts, class-restriction.rule.ts and talent.rule.ts together, for one
 * card. The deck suggestion ranks heroes with it, and the web app's builder filters the pool with it.
 * Cards without those attributes (every Berserk card) are playable by any hero.
 */
import { classAllows, classRestriction } from './class-restriction.rule';
import { stringAttribute } from './deck-context';
import { factionAllows } from './faction.rule';
import { talentAllows } from './talent.rule';
import type { DeckCard } from './types';

export function heroMayPlay(hero: DeckCard, card: DeckCard): boolean {
  return (
    factionAllows(stringAttribute(hero, 'faction'), stringAttribute(card, 'faction')) &&
    classAllows(stringAttribute(hero, 'heroClass'), classRestriction(card)) &&
    talentAllows(stringAttribute(hero, 'heroTalent'), stringAttribute(card, 'talent'))
  );
}
