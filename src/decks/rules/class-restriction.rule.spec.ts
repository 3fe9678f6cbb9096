import type { WowCardAttributes } from '../../catalog/card.types';
import { GAMES } from '../../catalog/games';
import { classAllows, classRestriction } from './class-restriction.rule';
import { checkDeck } from './deck-check';
import { card, entry, fill, playableBy } from './testing/shipped-cards';
import type { DeckCard, DeckEntry } from './types';

const wow = GAMES['wow-tcg'];
const boris = card('HOA', 'Boris Brightbeard'); // Alliance Priest
const warrax = card('HOA', 'Warrax'); // Alliance Warrior
const dizdemona = card('HOA', 'Dizdemona'); // Alliance Warlock
const chastise = card('HOA', 'Chastise'); // Priest only, no talent
const mask = card('HOA', 'Bad Mojo Mask'); // Priest or Warlock
const kurzon = card('HFI', 'Kurzon the False'); // Hunt for Illidan hero without a class
const limited = (hero: DeckCard, extra: DeckEntry[]) =>
  checkDeck({
    game: 'wow-tcg',
    format: 'limited',
    hero,
    main: [...fill('HOA', 30, 2, (c) => playableBy(hero)(c) && !['Chastise', 'Bad Mojo Mask'].includes(c.name)), ...extra],
    profile: wow,
  });

describe('class restriction rule (CLASS_RESTRICTED)', () => {
  it('legal: a Priest card with a Priest hero; a Priest-or-Warlock card with either', () => {
    expect(limited(boris, [entry(chastise, 2), entry(mask, 1)]).legal).toBe(true);
    expect(limited(dizdemona, [entry(mask, 1)]).legal).toBe(true);
  });

  it('legal: cards without class restriction (classes null) with any hero', () => {
    const chromie = card('HOA', 'Chromie');
    expect(classRestriction(chromie)).toBeNull();
    expect(limited(warrax, [entry(chromie, 1)]).legal).toBe(true);
  });

  it('illegal: a Priest card with a Warrior hero', () => {
    expect(limited(warrax, [entry(chastise, 1)]).violations).toEqual([
      { code: 'CLASS_RESTRICTED', message: 'Chastise can only be played by a Priest hero, and Warrax is a Warrior.', cards: [chastise.cardId] },
    ]);
  });

  it('illegal: a class-restricted card with a hero that has no class (Kurzon the False, HFI)', () => {
    const { violations } = checkDeck({ game: 'wow-tcg', format: 'limited', hero: kurzon, main: [...fill('HOA', 30, 2, playableBy(kurzon)), entry(mask, 1)], profile: wow });
    expect(violations).toEqual([
      { code: 'CLASS_RESTRICTED', message: 'Bad Mojo Mask can only be played by a Priest or Warlock hero, and Kurzon the False is of no class.', cards: [mask.cardId] },
    ]);
  });

  it('classAllows: "DeathKnight" matches "Death Knight"; an empty list is no restriction', () => {
    expect(classAllows('Death Knight', ['DeathKnight'])).toBe(true);
    expect(classRestriction({ ...chastise, attributes: { ...(chastise.attributes as WowCardAttributes), classes: [] } })).toBeNull();
  });
});
