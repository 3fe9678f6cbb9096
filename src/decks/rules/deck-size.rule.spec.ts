import { GAMES } from '../../catalog/games';
import { checkDeck } from './deck-check';
import { card, fill, playableBy } from './testing/shipped-cards';

const wow = GAMES['wow-tcg'];
const boris = card('HOA', 'Boris Brightbeard');

describe('deck size rule (DECK_TOO_SMALL)', () => {
  it('Limited WoW TCG: 30 cards besides the hero are legal (profile.limited.minDeckSize)', () => {
    const main = fill('HOA', 30, 2, playableBy(boris));
    expect(checkDeck({ game: 'wow-tcg', format: 'limited', hero: boris, main, profile: wow })).toEqual({ legal: true, violations: [] });
  });

  it('Limited WoW TCG: 29 cards are illegal, and the message says how many to add', () => {
    const main = fill('HOA', 29, 2, playableBy(boris));
    expect(checkDeck({ game: 'wow-tcg', format: 'limited', hero: boris, main, profile: wow }).violations).toEqual([
      {
        code: 'DECK_TOO_SMALL',
        message: 'Your main deck has 29 cards; a Limited (sealed or draft) World of Warcraft TCG deck needs at least 30 besides the hero. Add 1 more.',
        cards: [],
      },
    ]);
  });

  it("Limited: the organizer's lower minimum for the player makes a shorter deck legal, and says so when short", () => {
    const main = fill('HOA', 24, 2, playableBy(boris));
    expect(checkDeck({ game: 'wow-tcg', format: 'limited', hero: boris, main, profile: wow, minMainDeck: 24 })).toEqual({ legal: true, violations: [] });
    const short = checkDeck({ game: 'wow-tcg', format: 'limited', hero: boris, main, profile: wow, minMainDeck: 25 });
    expect(short.violations).toEqual([
      expect.objectContaining({ code: 'DECK_TOO_SMALL', message: expect.stringContaining('needs at least 25 besides the hero (your organizer allowed 25). Add 1 more.') }),
    ]);
  });

  it('the minimum comes from the profile, not from the code', () => {
    const main = fill('HOA', 30, 2, playableBy(boris));
    const profile = { ...wow, limited: { ...wow.limited, minDeckSize: 40 } };
    expect(checkDeck({ game: 'wow-tcg', format: 'limited', hero: boris, main, profile }).violations.map((v) => v.code)).toEqual(['DECK_TOO_SMALL']);
  });

  it('Constructed WoW TCG: 60 cards legal, 59 illegal (the hero never counts)', () => {
    const sixty = fill('HOA', 60, 4, playableBy(boris));
    expect(checkDeck({ game: 'wow-tcg', format: 'constructed', hero: boris, main: sixty, profile: wow }).legal).toBe(true);
    const fiftyNine = fill('HOA', 59, 4, playableBy(boris));
    const { violations } = checkDeck({ game: 'wow-tcg', format: 'constructed', hero: boris, main: fiftyNine, profile: wow });
    expect(violations.map((v) => [v.code, v.message])).toEqual([
      ['DECK_TOO_SMALL', 'Your main deck has 59 cards; a Constructed World of Warcraft TCG deck needs at least 60 besides the hero. Add 1 more.'],
    ]);
  });

  it('Berserk Limited: 30 legal, 29 illegal (no hero mentioned); Berserk Constructed: no published minimum', () => {
    const berserk = GAMES.berserk;
    expect(checkDeck({ game: 'berserk', format: 'limited', hero: null, main: fill('S1', 30, 1, () => true), profile: berserk }).legal).toBe(true);
    expect(checkDeck({ game: 'berserk', format: 'limited', hero: null, main: fill('S1', 29, 1, () => true), profile: berserk }).violations).toEqual([
      { code: 'DECK_TOO_SMALL', message: 'Your main deck has 29 cards; a Limited (sealed or draft) Берсерк (Berserk) deck needs at least 30. Add 1 more.', cards: [] },
    ]);
    expect(checkDeck({ game: 'berserk', format: 'constructed', hero: null, main: fill('S1', 10, 1, () => true), profile: berserk }).legal).toBe(true);
  });
});
