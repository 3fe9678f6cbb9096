import type { WowCardAttributes } from '../../catalog/card.types';
import { GAMES } from '../../catalog/games';
import { checkDeck } from './deck-check';
import { talentAllows } from './talent.rule';
import { card, entry, fill, playableBy } from './testing/shipped-cards';
import type { DeckCard, DeckEntry } from './types';

const wow = GAMES['wow-tcg'];
const tazo = card('HOA', "Ta'zo"); // Horde Mage, Fire
const litori = card('HOA', 'Litori Frostburn'); // Alliance Mage, Frost
const pyroblast = card('HOA', 'Pyroblast'); // Mage, requires a Fire hero
const coldSnap = card('HOA', 'Cold Snap'); // Mage, requires a Frost hero
const limited = (hero: DeckCard, extra: DeckEntry[]) =>
  checkDeck({
    game: 'wow-tcg',
    format: 'limited',
    hero,
    main: [...fill('HOA', 30, 2, (c) => playableBy(hero)(c) && !(c.attributes as WowCardAttributes).talent), ...extra],
    profile: wow,
  });

describe('talent rule (TALENT_REQUIRED)', () => {
  it('legal: Pyroblast ("Fire hero required") with a Fire Mage; Cold Snap with a Frost Mage', () => {
    expect(limited(tazo, [entry(pyroblast, 2)]).legal).toBe(true);
    expect(limited(litori, [entry(coldSnap, 2)]).legal).toBe(true);
  });

  it('illegal: Pyroblast with a Frost Mage (the class fits, the talent does not)', () => {
    expect(limited(litori, [entry(pyroblast, 1)]).violations).toEqual([
      { code: 'TALENT_REQUIRED', message: 'Pyroblast requires a Fire hero, and Litori Frostburn is a Frost hero.', cards: [pyroblast.cardId] },
    ]);
  });

  it('talentAllows ignores case; no requirement fits every hero', () => {
    expect(talentAllows('Fire', 'fire')).toBe(true);
    expect(talentAllows(null, null)).toBe(true);
    expect(talentAllows(null, 'Fire')).toBe(false);
  });
});
