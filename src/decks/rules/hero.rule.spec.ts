import { GAMES } from '../../catalog/games';
import { checkDeck } from './deck-check';
import { card, fill, playableBy } from './testing/shipped-cards';
import type { DeckCard, DeckCheckInput } from './types';

const wow = GAMES['wow-tcg'];
const codes = (input: DeckCheckInput): string[] => checkDeck(input).violations.map((v) => v.code);

describe('hero rule (NOT_A_HERO)', () => {
  const boris = card('HOA', 'Boris Brightbeard'); // HOA hero, Alliance Priest (Holy)
  const limited = (hero: DeckCard | null): DeckCheckInput => ({
    game: 'wow-tcg',
    format: 'limited',
    hero,
    main: fill('HOA', 30, 1, playableBy(boris)),
    profile: wow,
  });

  it('legal: a WoW TCG hero card as the hero', () => {
    expect(checkDeck(limited(boris))).toEqual({ legal: true, violations: [] });
  });

  it('legal in Limited: any hero of the game, here one of another set that is in no pool', () => {
    const kintara = card('MOL', 'Kintara Wintermoon'); // MOL hero, Alliance Priest (Shadow)
    const main = fill('HOA', 30, 1, playableBy(kintara));
    const input = { ...limited(kintara), main, pool: main.map((e) => ({ cardId: e.card.cardId, count: e.count })) };
    expect(codes(input)).toEqual([]);
  });

  it('illegal: an ally in the hero slot (Orgrimmar Grunts)', () => {
    const grunts = card('HOA', 'Orgrimmar Grunts');
    const { violations } = checkDeck(limited(grunts));
    expect(violations).toEqual([{ code: 'NOT_A_HERO', message: "Orgrimmar Grunts is an ally, not a hero: choose a hero card as your deck's hero.", cards: [grunts.cardId] }]);
  });

  it('illegal: no hero chosen in a game with heroes', () => {
    expect(checkDeck(limited(null)).violations).toEqual([
      { code: 'NOT_A_HERO', message: 'Choose a hero: a World of Warcraft TCG deck is played with one hero card, outside the deck.', cards: [] },
    ]);
  });

  it('Berserk (no hero types in its profile): legal without a hero, illegal with one', () => {
    const main = fill('S1', 30, 1, () => true);
    const nomad = card('S1', 'Кочевник');
    expect(codes({ game: 'berserk', format: 'limited', hero: null, main, profile: GAMES.berserk })).toEqual([]);
    const { violations } = checkDeck({ game: 'berserk', format: 'limited', hero: nomad, main, profile: GAMES.berserk });
    expect(violations).toEqual([
      {
        code: 'NOT_A_HERO',
        message: 'Берсерк (Berserk) decks have no hero: remove Кочевник from the hero slot (play it in the deck if it is a deck card).',
        cards: ['S1-1'],
      },
    ]);
  });

  it('hero restrictions (faction, class, talent) are not checked against a card that is not a hero', () => {
    const grunts = card('HOA', 'Orgrimmar Grunts');
    const input = limited(grunts);
    expect(codes({ ...input, main: [...input.main, { card: card('HOA', 'Pyroblast'), count: 1 }] })).toEqual(['NOT_A_HERO']);
  });
});
