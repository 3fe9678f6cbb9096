import { cardIdOf } from '../../catalog/card.types';
import { GAMES } from '../../catalog/games';
import { checkDeck, type CardCount, type DeckEntry } from '../rules';
import { shippedSet } from '../rules/testing/shipped-cards';
import { heroMayPlay, suggestDeck, type SuggestionCard } from './suggest-deck';

const wow = GAMES['wow-tcg'];
const berserk = GAMES.berserk;

/** Every card of a shipped set, with its rarity, as the suggestion reads it. */
function cardsOf(code: string): SuggestionCard[] {
  const set = shippedSet(code);
  return set.cards.map((c) => ({ cardId: cardIdOf(set.code, c.number), name: c.name, type: c.type, rarity: c.rarity, attributes: c.attributes }));
}
const attr = (c: SuggestionCard, key: string): unknown => (c.attributes as Record<string, unknown>)[key];
const named = (code: string, name: string): SuggestionCard => cardsOf(code).find((c) => c.name === name)!;
const heroesOf = (...codes: string[]) => codes.flatMap((code) => cardsOf(code).filter((c) => c.type === 'hero'));
const poolOf = (cards: SuggestionCard[], count = 1) => cards.map((card) => ({ card, count }));

/** checkDeck on a suggestion, with the pool, as DecksService does. */
function check(pool: { card: SuggestionCard; count: number }[], s: ReturnType<typeof suggestDeck>, game: 'wow-tcg' | 'berserk') {
  const byId = new Map(pool.map((e) => [e.card.cardId, e.card]));
  const entries = (list: CardCount[]): DeckEntry[] => list.map((c) => ({ card: byId.get(c.cardId)!, count: c.count }));
  return checkDeck({
    game,
    format: 'limited',
    hero: s.hero,
    main: entries(s.main),
    sideboard: entries(s.sideboard),
    pool: pool.map((e) => ({ cardId: e.card.cardId, count: e.count })),
    profile: GAMES[game],
  });
}
const total = (list: CardCount[]) => list.reduce((n, c) => n + c.count, 0);

describe('suggestDeck (WoW TCG)', () => {
  const hoa = cardsOf('HOA');
  const grennan = named('HOA', 'Grennan Stormspeaker'); // Horde Shaman, Elemental

  it('picks the hero that plays the most pool cards and a legal 30-card deck', () => {
    // A Horde shaman pool: Horde allies, Shaman abilities, neutral unrestricted cards.
    const pool = poolOf(hoa.filter((c) => c.type !== 'hero' && heroMayPlay(grennan, c)).slice(0, 40));
    const s = suggestDeck({ profile: wow, pool, heroes: heroesOf('HOA', 'TDP', 'MOL') });
    expect(s.hero).not.toBeNull();
    expect(heroMayPlay(s.hero!, grennan)).toBe(true); // a Horde hero
    expect(s.hero!.attributes).toMatchObject({ faction: 'Horde', heroClass: 'Shaman' });
    expect(total(s.main)).toBe(30);
    expect(total(s.sideboard)).toBe(10);
    expect(check(pool, s, 'wow-tcg')).toEqual({ legal: true, violations: [] });
    expect(s.explanation).toMatch(/^[^\n]+$/);
    expect(s.explanation).toContain('40 of your 40 cards fit this hero');
  });

  it('prefers higher rarity: every epic and rare that fits goes in before a common', () => {
    const fits = hoa.filter((c) => c.type !== 'hero' && heroMayPlay(grennan, c));
    const pool = poolOf([...fits.filter((c) => c.rarity === 'common').slice(0, 30), ...fits.filter((c) => c.rarity === 'epic' || c.rarity === 'rare').slice(0, 8)]);
    const s = suggestDeck({ profile: wow, pool, heroes: [grennan] });
    const main = new Set(s.main.map((c) => c.cardId));
    for (const e of pool) if (e.card.rarity !== 'common') expect(main.has(e.card.cardId)).toBe(true);
    expect(s.explanation).toMatch(/\d+ (epic|rare), .*22 common/);
  });

  it('never puts hero cards of the pool in the main deck; they stay in the sideboard', () => {
    const heroesInPool = hoa.filter((c) => c.type === 'hero').slice(0, 3);
    const pool = poolOf([...heroesInPool, ...hoa.filter((c) => c.type !== 'hero')]);
    const s = suggestDeck({ profile: wow, pool, heroes: heroesOf('HOA') });
    const heroIds = new Set(heroesInPool.map((h) => h.cardId));
    expect(s.main.some((c) => heroIds.has(c.cardId))).toBe(false);
    for (const id of heroIds) expect(s.sideboard.find((c) => c.cardId === id)).toEqual({ cardId: id, count: 1 });
    expect(check(pool, s, 'wow-tcg').legal).toBe(true);
  });

  it('counts copies and uses no more than the pool holds', () => {
    const fits = hoa.filter((c) => c.type !== 'hero' && heroMayPlay(grennan, c)).slice(0, 12);
    const pool = poolOf(fits, 3); // 36 copies of 12 cards
    const s = suggestDeck({ profile: wow, pool, heroes: [grennan] });
    expect(total(s.main)).toBe(30);
    for (const c of s.main) expect(c.count).toBeLessThanOrEqual(3);
    expect(check(pool, s, 'wow-tcg').legal).toBe(true);
  });

  it('with fewer than 30 fitting cards: still the best hero, and the explanation says the deck is short', () => {
    const pool = poolOf(hoa.filter((c) => c.type !== 'hero' && heroMayPlay(grennan, c)).slice(0, 20));
    const s = suggestDeck({ profile: wow, pool, heroes: heroesOf('HOA') });
    expect(s.hero!.attributes).toMatchObject({ faction: 'Horde' });
    expect(total(s.main)).toBe(20);
    expect(s.explanation).toContain('Only 20 of your 20 cards fit any hero');
    expect(s.explanation).toContain('10 short of the 30');
    expect(check(pool, s, 'wow-tcg').violations.map((v) => v.code)).toEqual(['DECK_TOO_SMALL']);
  });

  it('SUGGESTION_EVERY_HERO: every hero of the game is tried, opened or not; the deck is the largest any hero gets, legal with a lower minimum', () => {
    // A short Horde Shaman pool with an Alliance hero opened: the opened hero is not the answer.
    const alliance = heroesOf('HOA').find((h) => attr(h, 'faction') === 'Alliance')!;
    const pool = [...poolOf(hoa.filter((c) => c.type !== 'hero' && heroMayPlay(grennan, c)).slice(0, 24)), { card: alliance, count: 1 }];
    const heroes = heroesOf('HOA', 'TDP', 'MOL');
    const s = suggestDeck({ profile: wow, pool, heroes });
    const deckCards = pool.filter((e) => e.card.type !== 'hero');
    const best = Math.max(...heroes.map((h) => deckCards.filter((e) => heroMayPlay(h, e.card)).reduce((n, e) => n + e.count, 0)));
    expect(total(s.main)).toBe(Math.min(30, best));
    expect(total(s.main)).toBe(24);
    expect(s.hero!.cardId).not.toBe(alliance.cardId);
    // The organizer's lower minimum for this player makes the best effort legal (deck-minimum.ts).
    const byId = new Map(pool.map((e) => [e.card.cardId, e.card]));
    const result = checkDeck({
      game: 'wow-tcg',
      format: 'limited',
      hero: s.hero,
      main: s.main.map((c) => ({ card: byId.get(c.cardId)!, count: c.count })),
      sideboard: s.sideboard.map((c) => ({ card: byId.get(c.cardId)!, count: c.count })),
      pool: pool.map((e) => ({ cardId: e.card.cardId, count: e.count })),
      profile: wow,
      minMainDeck: 24,
    });
    expect(result).toEqual({ legal: true, violations: [] });
  });

  it('is deterministic: ties between equal heroes go to a hero the player opened, then the lower card id', () => {
    const neutralOnly = hoa.filter((c) => c.type !== 'hero' && attr(c, 'faction') === 'Neutral' && !attr(c, 'classes'));
    const opened = named('HOA', 'Warrax');
    const pool = poolOf([opened, ...neutralOnly.slice(0, 35)]);
    const a = suggestDeck({ profile: wow, pool, heroes: heroesOf('HOA') });
    const b = suggestDeck({ profile: wow, pool, heroes: [...heroesOf('HOA')].reverse() });
    expect(a).toEqual(b);
    expect(a.hero!.cardId).toBe(opened.cardId);
  });
});

describe('suggestDeck (Berserk)', () => {
  const s1 = cardsOf('S1');
  const of = (element: string, n: number) => s1.filter((c) => attr(c, 'element') === element).slice(0, n);

  it('takes the two most common elements plus neutral, no hero, 30 cards', () => {
    const pool = poolOf([...of('forests', 14), ...of('swamps', 12), ...of('neutral', 6), ...of('mountains', 5), ...of('darkness', 2)]);
    const s = suggestDeck({ profile: berserk, pool, heroes: [] });
    expect(s.hero).toBeNull();
    expect(total(s.main)).toBe(30);
    const elements = new Set(
      s.main.map(
        (c) =>
          attr(
            s1.find((x) => x.cardId === c.cardId)!,
            'element',
          ) as string,
      ),
    );
    for (const e of elements) expect(['forests', 'swamps', 'neutral']).toContain(e);
    expect(s.explanation).toContain('forests (14) and swamps (12)');
    expect(check(pool, s, 'berserk')).toEqual({ legal: true, violations: [] });
  });

  it('fills from other elements when the two and neutral fall short of 30', () => {
    const pool = poolOf([...of('forests', 10), ...of('swamps', 9), ...of('neutral', 3), ...of('mountains', 8), ...of('darkness', 8)]);
    const s = suggestDeck({ profile: berserk, pool, heroes: [] });
    expect(total(s.main)).toBe(30);
    expect(s.explanation).toContain('plus 8 card(s) of other elements');
    expect(check(pool, s, 'berserk').legal).toBe(true);
  });

  it('a pool under 30 cards gives a short deck and says so', () => {
    const pool = poolOf(of('forests', 12));
    const s = suggestDeck({ profile: berserk, pool, heroes: [] });
    expect(total(s.main)).toBe(12);
    expect(s.explanation).toContain('18 short');
    expect(check(pool, s, 'berserk').violations.map((v) => v.code)).toEqual(['DECK_TOO_SMALL']);
  });
});

describe('suggestDeck reason (the explanation as a code and values)', () => {
  const hoa = cardsOf('HOA');
  const grennan = named('HOA', 'Grennan Stormspeaker');
  const s1 = cardsOf('S1');
  const of = (element: string, n: number) => s1.filter((c) => attr(c, 'element') === element).slice(0, n);

  it('SUGGESTION_REASON_HERO_BEST: the hero, its faction and class, the fitting count and the rarities', () => {
    const pool = poolOf(hoa.filter((c) => c.type !== 'hero' && heroMayPlay(grennan, c)).slice(0, 40));
    const s = suggestDeck({ profile: wow, pool, heroes: heroesOf('HOA', 'TDP', 'MOL') });
    expect(s.reason.code).toBe('HERO_BEST');
    expect(s.reason.params).toMatchObject({ hero: s.hero!.name, faction: 'Horde', heroClass: 'Shaman', fit: 40, total: 40, size: 30 });
    expect(s.reason.rarities.reduce((n, r) => n + r.count, 0)).toBe(30);
    const weights = s.reason.rarities.map((r) => ['common', 'uncommon', 'rare', 'epic'].indexOf(r.rarity));
    expect(weights).toEqual([...weights].sort((a, b) => b - a));
  });

  it('SUGGESTION_REASON_HERO_SHORT: how many fit and how many are missing', () => {
    const pool = poolOf(hoa.filter((c) => c.type !== 'hero' && heroMayPlay(grennan, c)).slice(0, 20));
    const s = suggestDeck({ profile: wow, pool, heroes: heroesOf('HOA') });
    expect(s.reason).toMatchObject({ code: 'HERO_SHORT', params: { fit: 20, total: 20, short: 10, size: 30 } });
  });

  it('SUGGESTION_REASON_NO_HERO: no hero in the catalog names the game', () => {
    const s = suggestDeck({ profile: wow, pool: poolOf(hoa.filter((c) => c.type !== 'hero').slice(0, 5)), heroes: [] });
    expect(s.reason).toEqual({ code: 'NO_HERO_IN_CATALOG', params: { game: 'wow-tcg' }, rarities: [] });
  });

  it('SUGGESTION_REASON_TWO_COLOURS: both elements with their counts, the neutral and extra cards', () => {
    const pool = poolOf([...of('forests', 10), ...of('swamps', 9), ...of('neutral', 3), ...of('mountains', 8), ...of('darkness', 8)]);
    const s = suggestDeck({ profile: berserk, pool, heroes: [] });
    expect(s.reason).toMatchObject({
      code: 'TWO_COLOURS',
      params: { attribute: 'element', colour1: 'forests', count1: 10, colour2: 'swamps', count2: 9, neutral: 3, neutralValue: 'neutral', extra: 8, size: 30 },
    });
  });

  it('SUGGESTION_REASON_POOL_SHORT: the pool size and how many are missing', () => {
    const s = suggestDeck({ profile: berserk, pool: poolOf(of('forests', 12)), heroes: [] });
    expect(s.reason).toMatchObject({ code: 'POOL_SHORT', params: { total: 12, short: 18, size: 30 } });
  });
});
