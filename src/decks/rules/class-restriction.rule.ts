/**
 * CLASS_RESTRICTED (WoW TCG): a card restricted to classes may be in the deck only if the hero's
 * class is one of them; a card without restriction goes in any deck.
 *
 * Sources: docs/rules.md, data mapping: "class restriction = the class columns marked 'x';
 * all_classes 'All' = every class; 'None' (allies, quests, heroes, locations) means no class
 * restriction, not 'no class may play it'. Column DeathKnight matches hero class 'Death Knight'";
 * the catalog stores it as WowCardAttributes.classes (null = unrestricted). Heroes carry their class
 * as heroClass (seed glossary "ТАЛАНТ": "у каждого героя помимо фракции и класса есть талант").
 *
 * Decisions: an empty class list reads as unrestricted, like null; classes compare ignoring case and
 * spaces ("DeathKnight" = "Death Knight"); a hero without a class (some Hunt for Illidan heroes)
 * takes no class-restricted card. Main deck in Limited, main and side deck in Constructed. Skipped
 * when the hero is missing or not a hero.
 */
import { attribute, restrictedEntries, stringAttribute, type DeckRule } from './deck-context';
import type { DeckCard, Violation } from './types';

const classKey = (c: string): string => c.replace(/\s+/g, '').toLowerCase();

/** The classes a card is restricted to, or null when it has no restriction. */
export function classRestriction(card: DeckCard): string[] | null {
  const v = attribute(card, 'classes');
  if (!Array.isArray(v)) return null;
  const classes = v.filter((c): c is string => typeof c === 'string' && c.trim() !== '');
  return classes.length > 0 ? classes : null;
}

/** Whether a hero of `heroClass` may play a card restricted to `classes` (null = unrestricted). */
export function classAllows(heroClass: string | null, classes: readonly string[] | null): boolean {
  if (classes === null) return true;
  return heroClass !== null && classes.some((c) => classKey(c) === classKey(heroClass));
}

function list(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

export const classRestrictionRule: DeckRule = {
  name: 'class-restriction',
  check(ctx) {
    const { hero, heroIsHero } = ctx;
    if (!hero || !heroIsHero) return [];
    const heroClass = stringAttribute(hero, 'heroClass');
    const out: Violation[] = [];
    for (const { card } of restrictedEntries(ctx)) {
      const classes = classRestriction(card);
      if (classAllows(heroClass, classes)) continue;
      out.push({
        code: 'CLASS_RESTRICTED',
        message: `${card.name} can only be played by a ${list(classes ?? [])} hero, and ${hero.name} is ${heroClass ? `a ${heroClass}` : 'of no class'}.`,
        cards: [card.cardId],
      });
    }
    return out;
  },
};
