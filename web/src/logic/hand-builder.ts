/**
 * The by-hand deck builder's pure logic: heroes ranked by how much of the pool they may play,
 * the pool filtered to what a hero may play, counts by type, the cost curve, and the live deck
 * check. The check and the "may play" test are the server's own deck rules (src/decks/rules),
 * imported, not copied: the builder answers as the server will on submission, with no request.
 */
import type { CardType, GameId } from '../../../src/catalog/card.types';
import { BERSERK } from '../../../src/catalog/games/berserk/profile';
import type { GameProfile } from '../../../src/catalog/games/game-profile';
import { WOW_TCG } from '../../../src/catalog/games/wow-tcg/profile';
import { checkDeck } from '../../../src/decks/rules/deck-check';
import { heroMayPlay } from '../../../src/decks/rules/hero-may-play';
import type { DeckCard, DeckCheckResult, DeckEntry } from '../../../src/decks/rules/types';
import type { DeckDraft } from './deck-builder';
import type { CardLike } from './grouping';

/** Each game's rules profile, as the server's deck check reads it. */
const PROFILES: Readonly<Record<GameId, GameProfile>> = { 'wow-tcg': WOW_TCG, berserk: BERSERK };

/** A catalog or pool card as the deck rules read it (attributes as the catalog gives them). */
export const asDeckCard = (c: CardLike): DeckCard => ({ cardId: c.cardId, name: c.name, type: c.type as CardType, attributes: (c.attributes ?? {}) as DeckCard['attributes'] });

/** Whether `hero` may have `card` in its deck (faction, class and talent rules); no hero = any card. */
export function mayPlay(hero: CardLike | null, card: CardLike): boolean {
  return hero === null || heroMayPlay(asDeckCard(hero), asDeckCard(card));
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** A hero with how many pool cards (copies) it may play. */
export interface RankedHero<H extends CardLike> {
  hero: H;
  /** Copies of the pool's non-hero cards the hero may play. */
  support: number;
  faction: string | null;
  heroClass: string | null;
  talent: string | null;
}

/** Heroes of one faction and class, best supported first. */
export interface HeroGroup<H extends CardLike> {
  faction: string | null;
  heroClass: string | null;
  heroes: RankedHero<H>[];
  /** The best support in the group (groups are ordered by it). */
  best: number;
}

/**
 * Rule "heroes the pool supports first": every hero scored by the copies of pool cards (heroes
 * excluded: they are never deck cards in Limited) it may play; higher score first, then name,
 * then card id (the same order every time).
 */
export function rankHeroes<H extends CardLike>(heroes: readonly H[], pool: readonly { card: CardLike; count: number }[], heroTypes: readonly string[]): RankedHero<H>[] {
  const deckCards = pool.filter((e) => !heroTypes.includes(e.card.type)).map((e) => ({ card: asDeckCard(e.card), count: e.count }));
  return heroes
    .map((hero) => {
      const h = asDeckCard(hero);
      const support = deckCards.reduce((n, e) => n + (heroMayPlay(h, e.card) ? e.count : 0), 0);
      const a = hero.attributes ?? {};
      return { hero, support, faction: str(a.faction), heroClass: str(a.heroClass), talent: str(a.heroTalent) };
    })
    .sort((x, y) => y.support - x.support || x.hero.name.localeCompare(y.hero.name) || (x.hero.cardId < y.hero.cardId ? -1 : 1));
}

/**
 * Rule "grouped by faction and class": ranked heroes (rankHeroes) in groups of one faction and
 * class; groups ordered by their best hero's support, then faction and class by name. A query
 * keeps the heroes whose name, faction, class or talent contains it (any case).
 */
export function groupHeroes<H extends CardLike>(ranked: readonly RankedHero<H>[], query = ''): HeroGroup<H>[] {
  const q = query.trim().toLowerCase();
  const matches = (r: RankedHero<H>) => !q || [r.hero.name, r.faction, r.heroClass, r.talent].some((s) => s?.toLowerCase().includes(q));
  const groups = new Map<string, HeroGroup<H>>();
  for (const r of ranked) {
    if (!matches(r)) continue;
    const key = `${r.faction ?? ''}|${r.heroClass ?? ''}`;
    const g = groups.get(key) ?? { faction: r.faction, heroClass: r.heroClass, heroes: [], best: 0 };
    g.heroes.push(r);
    g.best = Math.max(g.best, r.support);
    groups.set(key, g);
  }
  const name = (g: HeroGroup<H>) => `${g.faction ?? '~'} ${g.heroClass ?? '~'}`;
  return [...groups.values()].sort((a, b) => b.best - a.best || name(a).localeCompare(name(b)));
}

/** Rule "pool filtered to what the hero can play": the cards `hero` may play (all of them without a hero or with the filter off). */
export function playableFilter<C extends CardLike>(cards: readonly C[], hero: CardLike | null, on: boolean): C[] {
  return on && hero ? cards.filter((c) => mayPlay(hero, c)) : [...cards];
}

/** Copies in the main deck by card type, most first (then by type name). */
export function typeCounts(deck: DeckDraft, cards: readonly CardLike[]): { type: string; count: number }[] {
  const byType = new Map<string, number>();
  for (const c of cards) {
    const n = deck.main[c.cardId] ?? 0;
    if (n > 0) byType.set(c.type, (byType.get(c.type) ?? 0) + n);
  }
  return [...byType].map(([type, count]) => ({ type, count })).sort((a, b) => b.count - a.count || a.type.localeCompare(b.type));
}

/** The highest bucket of the cost curve: it holds this cost and above. */
export const CURVE_TOP = 7;

/**
 * Rule "cost curve": copies in the main deck by cost, one bucket per cost 0…6 and "7+"
 * (index = cost, the last bucket CURVE_TOP and above); cards without a cost are counted apart.
 */
export function costCurve(deck: DeckDraft, cards: readonly CardLike[]): { buckets: number[]; noCost: number } {
  const buckets = new Array<number>(CURVE_TOP + 1).fill(0);
  let noCost = 0;
  for (const c of cards) {
    const n = deck.main[c.cardId] ?? 0;
    if (n === 0) continue;
    const cost = c.attributes?.cost;
    if (typeof cost === 'number' && cost >= 0) buckets[Math.min(CURVE_TOP, Math.floor(cost))] += n;
    else noCost += n;
  }
  return { buckets, noCost };
}

/** Rule "N more cards needed": how many cards the main deck lacks to reach the minimum (0 when it has enough). */
export function cardsNeeded(mainCount: number, minDeckSize: number): number {
  return Math.max(0, minDeckSize - mainCount);
}

/**
 * The live check, computed here with the server's own checkDeck (Limited: the pool, hero, main deck
 * and the rest of the pool as sideboard), so that building sends no request per tap.
 * @param cards every pool card with its catalog attributes (one entry per card id)
 * @param hero the chosen hero card with its attributes; null when none is chosen
 * @returns what the server would answer to the same deck (legal, violations in rule order)
 */
export function checkLocally(
  game: GameId,
  deck: DeckDraft,
  poolCounts: Readonly<Record<string, number>>,
  cards: readonly CardLike[],
  hero: CardLike | null,
  minMainDeck: number | null = null,
): DeckCheckResult {
  const byId = new Map(cards.map((c) => [c.cardId, c]));
  const entries = (side: 'main' | 'sideboard'): DeckEntry[] =>
    Object.keys(poolCounts)
      .sort()
      .map((id) => ({ id, count: side === 'main' ? (deck.main[id] ?? 0) : Math.max(0, poolCounts[id] - (deck.main[id] ?? 0)) }))
      .filter((e) => e.count > 0 && byId.has(e.id))
      .map((e) => ({ card: asDeckCard(byId.get(e.id)!), count: e.count }));
  return checkDeck({
    game,
    format: 'limited',
    hero: hero ? asDeckCard(hero) : null,
    main: entries('main'),
    sideboard: entries('sideboard'),
    pool: Object.entries(poolCounts).map(([cardId, count]) => ({ cardId, count, name: byId.get(cardId)?.name })),
    profile: PROFILES[game],
    minMainDeck,
  });
}
