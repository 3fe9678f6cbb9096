/**
 * TALENT_REQUIRED (WoW TCG): a card that requires a talent ("Fire hero required") may be in the
 * deck only if the hero has that talent.
 *
 * Sources: seed wowtcg-rules-sealed-draft-glossary, "ТАЛАНТ (Talent)": "если на какой-либо карте
 * написано «требуется Огненный герой», это значит, что только герой с талантом «Огненный» может
 * взять эту карту в колоду"; docs/rules.md data mapping: "talent requirement = subtype when
 * subtype2 is 'Talent'" (WowCardAttributes.talent), the hero's talent is its subtype
 * (WowCardAttributes.heroTalent).
 *
 * Talents compare ignoring case. Main deck in Limited, main and side deck in Constructed. Skipped
 * when the hero is missing or not a hero. Only the talent is checked, not the class: a Fire card is
 * also restricted to Mage by its classes (class-restriction.rule.ts).
 */
import { restrictedEntries, stringAttribute, type DeckRule } from './deck-context';
import type { Violation } from './types';

/** Whether a hero with `heroTalent` may play a card requiring `talent` (null = no requirement). */
export function talentAllows(heroTalent: string | null, talent: string | null): boolean {
  return talent === null || (heroTalent !== null && heroTalent.toLowerCase() === talent.toLowerCase());
}

export const talentRule: DeckRule = {
  name: 'talent',
  check(ctx) {
    const { hero, heroIsHero } = ctx;
    if (!hero || !heroIsHero) return [];
    const heroTalent = stringAttribute(hero, 'heroTalent');
    const out: Violation[] = [];
    for (const { card } of restrictedEntries(ctx)) {
      const talent = stringAttribute(card, 'talent');
      if (talentAllows(heroTalent, talent)) continue;
      out.push({
        code: 'TALENT_REQUIRED',
        message: `${card.name} requires a ${talent} hero, and ${hero.name} is ${heroTalent ? `a ${heroTalent} hero` : 'a hero without a talent'}.`,
        cards: [card.cardId],
      });
    }
    return out;
  },
};
