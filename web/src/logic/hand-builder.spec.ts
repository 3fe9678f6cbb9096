import { card, shippedCards } from '../../../src/decks/rules/testing/shipped-cards';
import type { DeckCard } from '../../../src/decks/rules/types';
import { emptyDeck, moveCard, poolCounts } from './deck-builder';
import type { CardLike } from './grouping';
import { cardsNeeded, checkLocally, costCurve, groupHeroes, mayPlay, playableFilter, rankHeroes, typeCounts } from './hand-builder';

const like = (c: DeckCard): CardLike => ({ cardId: c.cardId, name: c.name, type: c.type, rarity: 'common', attributes: c.attributes as Record<string, unknown> });
const tazo = like(card('HOA', "Ta'zo")); // Horde Mage, Fire
const boris = like(card('HOA', 'Boris Brightbeard')); // Alliance
const grunts = like(card('HOA', 'Orgrimmar Grunts')); // Horde ally
const guards = like(card('HOA', 'Ironforge Guards')); // Alliance ally
const pyroblast = like(card('HOA', 'Pyroblast')); // Mage, Fire hero required
const chromie = like(card('HOA', 'Chromie')); // Neutral
const hoa = shippedCards('HOA').map(like);
const heroes = hoa.filter((c) => c.type === 'hero');

describe('heroes the pool supports first (rankHeroes)', () => {
  it('scores each hero by the copies of pool cards it may play, best first', () => {
    const pool = [
      { card: grunts, count: 3 },
      { card: pyroblast, count: 1 },
      { card: guards, count: 1 },
      { card: chromie, count: 1 },
      { card: boris, count: 1 }, // a hero in the pool is no deck card: never counted
    ];
    const ranked = rankHeroes(heroes, pool, ['hero']);
    expect(ranked).toHaveLength(heroes.length);
    expect(ranked[0].hero.name).toBe("Ta'zo"); // 3 grunts + pyroblast + chromie
    expect(ranked[0].support).toBe(5);
    expect(ranked.find((r) => r.hero.cardId === boris.cardId)?.support).toBe(2); // guards + chromie
    for (let i = 1; i < ranked.length; i++) expect(ranked[i - 1].support).toBeGreaterThanOrEqual(ranked[i].support);
  });

  it('orders equal scores by name, the same every time', () => {
    const ranked = rankHeroes(heroes, [], ['hero']);
    expect(ranked.map((r) => r.hero.name)).toEqual([...heroes].sort((a, b) => a.name.localeCompare(b.name) || (a.cardId < b.cardId ? -1 : 1)).map((h) => h.name));
  });
});

describe('heroes grouped by faction and class (groupHeroes)', () => {
  const ranked = rankHeroes(heroes, [{ card: grunts, count: 3 }], ['hero']);

  it('puts each hero in the group of its faction and class; the best supported group first', () => {
    const groups = groupHeroes(ranked);
    for (const g of groups) for (const r of g.heroes) expect([r.faction, r.heroClass]).toEqual([g.faction, g.heroClass]);
    expect(groups.flatMap((g) => g.heroes)).toHaveLength(heroes.length);
    expect(groups[0].faction).toBe('Horde');
    for (let i = 1; i < groups.length; i++) expect(groups[i - 1].best).toBeGreaterThanOrEqual(groups[i].best);
  });

  it('searches names, factions, classes and talents in any case', () => {
    expect(groupHeroes(ranked, "ta'ZO").flatMap((g) => g.heroes.map((r) => r.hero.name))).toEqual(["Ta'zo"]);
    const mages = groupHeroes(ranked, 'mage');
    expect(mages.length).toBeGreaterThan(0);
    for (const g of mages) expect(g.heroClass).toBe('Mage');
  });
});

describe('pool filtered to what the hero can play (playableFilter)', () => {
  const cards = [grunts, guards, pyroblast, chromie];

  it('keeps only the cards the hero may play when on', () => {
    expect(playableFilter(cards, tazo, true).map((c) => c.name)).toEqual(['Orgrimmar Grunts', 'Pyroblast', 'Chromie']);
    expect(playableFilter(cards, boris, true).map((c) => c.name)).toEqual(['Ironforge Guards', 'Chromie']);
  });

  it('keeps everything when off or without a hero', () => {
    expect(playableFilter(cards, tazo, false)).toHaveLength(4);
    expect(playableFilter(cards, null, true)).toHaveLength(4);
    expect(mayPlay(null, guards)).toBe(true);
  });
});

describe('counts by type and cost curve', () => {
  const pool = poolCounts([grunts, grunts, pyroblast, chromie]);
  let deck = moveCard(emptyDeck(), pool, grunts.cardId, 'main', 2);
  deck = moveCard(deck, pool, pyroblast.cardId, 'main');

  it('counts main-deck copies by type', () => {
    expect(typeCounts(deck, [grunts, pyroblast, chromie])).toEqual([
      { type: 'ally', count: 2 },
      { type: 'ability', count: 1 },
    ]);
  });

  it('cost curve: one bucket per cost, 7 and above together, no cost apart', () => {
    const cost = (c: CardLike, v: unknown): CardLike => ({ ...c, cardId: `${c.cardId}-${String(v)}`, attributes: { ...c.attributes, cost: v } });
    const cards = [cost(grunts, 2), cost(chromie, 9), cost(pyroblast, 7), cost(guards, null)];
    const d = { hero: null, main: Object.fromEntries(cards.map((c, i) => [c.cardId, i + 1])) };
    expect(costCurve(d, cards)).toEqual({ buckets: [0, 0, 1, 0, 0, 0, 0, 5], noCost: 4 });
  });

  it('N more cards needed: the minimum minus the main deck, never below 0', () => {
    expect(cardsNeeded(12, 30)).toBe(18);
    expect(cardsNeeded(31, 30)).toBe(0);
  });
});

describe('live check computed locally (checkLocally)', () => {
  const fits = hoa.filter((c) => c.type !== 'hero' && mayPlay(tazo, c) && !(c.attributes?.unlimited === true)).slice(0, 30);
  const pool = poolCounts([...fits, guards]);

  it("is the server's deck check: legal with a hero and 30 cards it may play", () => {
    let deck = { ...emptyDeck(), hero: tazo.cardId };
    for (const c of fits) deck = moveCard(deck, pool, c.cardId, 'main');
    expect(checkLocally('wow-tcg', deck, pool, [...fits, guards], tazo)).toEqual({ legal: true, violations: [] });
  });

  it('names what is wrong: no hero, too few cards, a card of the other faction', () => {
    const deck = moveCard(emptyDeck(), pool, guards.cardId, 'main');
    expect(checkLocally('wow-tcg', deck, pool, [...fits, guards], null).violations.map((v) => v.code)).toEqual(['NOT_A_HERO', 'DECK_TOO_SMALL']);
    expect(checkLocally('wow-tcg', { ...deck, hero: tazo.cardId }, pool, [...fits, guards], tazo).violations.map((v) => v.code)).toEqual(['DECK_TOO_SMALL', 'FACTION_MISMATCH']);
  });

  it('Berserk: no hero, 30 cards of any element', () => {
    const s1 = shippedCards('S1').slice(0, 30).map(like);
    const p = poolCounts(s1);
    let deck = emptyDeck();
    for (const c of s1) deck = moveCard(deck, p, c.cardId, 'main');
    expect(checkLocally('berserk', deck, p, s1, null).legal).toBe(true);
    expect(checkLocally('berserk', moveCard(deck, p, s1[0].cardId, 'sideboard'), p, s1, null).violations.map((v) => v.code)).toEqual(['DECK_TOO_SMALL']);
  });
});
