/**
 * UNKNOWN_VALUE (a warning, never a violation): a card of the deck carries a faction, class or hero
 * class the WoW TCG rules profile does not know — kept by a lenient set import (`?onUnknown=keep`,
 * a community file's quirk such as hero class "King"). The deck stays usable; the rules that need
 * the value read it as printed: an unknown card faction binds no hero (like Neutral), an unknown
 * class matches only a hero printed with that same class. The warning says so, so a judge can look.
 *
 * Source: the product's rule for card data as players know it ("usable in limited play and flagged in deck
 * checks where a rule needs the value").
 */
import { WOW_CLASSES, WOW_FACTIONS } from '../../catalog/games/wow-tcg/profile';
import { attribute, stringAttribute, type DeckContext } from './deck-context';
import type { DeckCard } from './types';

export interface DeckWarning {
  code: 'UNKNOWN_VALUE' | 'MANY_COPIES';
  message: string;
  cards: string[];
}

const knownFactions: readonly string[] = WOW_FACTIONS;
const knownClasses: readonly string[] = WOW_CLASSES;

/** Every card of the deck (hero first) with a value the profile does not know, one warning per card. */
export function unknownValueWarnings(ctx: DeckContext): DeckWarning[] {
  if (ctx.profile.id !== 'wow-tcg') return [];
  const cards: DeckCard[] = [...(ctx.hero ? [ctx.hero] : []), ...ctx.main.map((e) => e.card), ...(ctx.sideboard ?? []).map((e) => e.card)];
  const seen = new Set<string>();
  const out: DeckWarning[] = [];
  for (const card of cards) {
    if (seen.has(card.cardId)) continue;
    seen.add(card.cardId);
    const unknown: string[] = [];
    const faction = stringAttribute(card, 'faction');
    if (faction !== null && !knownFactions.includes(faction)) unknown.push(`faction "${faction}" (it binds no hero, like Neutral)`);
    const classes = attribute(card, 'classes');
    if (Array.isArray(classes)) for (const c of classes) if (typeof c === 'string' && !knownClasses.includes(c)) unknown.push(`class "${c}" (only a hero printed with it matches)`);
    const heroClass = stringAttribute(card, 'heroClass');
    if (heroClass !== null && !knownClasses.includes(heroClass)) unknown.push(`hero class "${heroClass}" (class-restricted cards must name it)`);
    if (unknown.length === 0) continue;
    out.push({
      code: 'UNKNOWN_VALUE',
      message: `${card.name} has ${unknown.join(' and ')}: the WoW TCG rules do not know it; the deck check reads it as printed.`,
      cards: [card.cardId],
    });
  }
  return out;
}
