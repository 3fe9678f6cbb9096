/**
 * FACTION_MISMATCH (WoW TCG): Horde, Alliance and Scourge cards only with a hero of that faction;
 * Neutral cards, and the "Both" cards of Blood of Gladiators, go with any.
 *
 * Sources: seed wowtcg-rules-sealed-draft-glossary, "НЕЙТРАЛ (Neutral)": "нейтралы – карты, не
 * принадлежащие ни к Орде, ни к Союзу. Такие карты могут быть взяты в колоды обеих сторон";
 * docs/rules.md "Neutral cards go in Horde and Alliance decks; faction cards only with a hero of
 * that faction" and the data trap "faction … Both on 8 cards (Blood of Gladiators): playable by
 * either faction". Scourge (Icecrown era): a Scourge hero's
 * deck follows the same rule — Scourge and Neutral cards — and Scourge cards need a Scourge hero.
 *
 * Applies to cards carrying a `faction` attribute (WoW TCG), main deck in Limited, main and side
 * deck in Constructed (side deck cards are swapped in between games: restrictedEntries). A hero
 * with a faction other than Horde/Alliance (Hunt for Illidan's Neutral heroes) takes no faction
 * cards. Skipped when the hero is missing or not a hero (NOT_A_HERO says so).
 */
import { restrictedEntries, stringAttribute, type DeckRule } from './deck-context';
import type { Violation } from './types';

/** Factions whose cards need a hero of the same faction. */
export const FACTION_BOUND = ['Alliance', 'Horde', 'Scourge'] as const;

/** Whether a card of `cardFaction` may be in the deck of a hero of `heroFaction`. */
export function factionAllows(heroFaction: string | null, cardFaction: string | null): boolean {
  if (cardFaction === null || !(FACTION_BOUND as readonly string[]).includes(cardFaction)) return true;
  return heroFaction === cardFaction || heroFaction === 'Both';
}

export const factionRule: DeckRule = {
  name: 'faction',
  check(ctx) {
    const { hero, heroIsHero } = ctx;
    if (!hero || !heroIsHero) return [];
    const heroFaction = stringAttribute(hero, 'faction');
    const out: Violation[] = [];
    for (const { card } of restrictedEntries(ctx)) {
      const faction = stringAttribute(card, 'faction');
      if (factionAllows(heroFaction, faction)) continue;
      out.push({
        code: 'FACTION_MISMATCH',
        message: `${card.name} is a ${faction} card: only a ${faction} hero may have it in the deck, and ${hero.name} is ${heroFaction ? `${heroFaction}` : 'of no faction'}.`,
        cards: [card.cardId],
      });
    }
    return out;
  },
};
