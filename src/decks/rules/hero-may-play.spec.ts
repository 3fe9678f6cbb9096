import { GAMES } from '../../catalog/games';
import { checkDeck } from './deck-check';
import { heroMayPlay } from './hero-may-play';
import { card, entry, shippedCards } from './testing/shipped-cards';

const wow = GAMES['wow-tcg'];
const HERO_RULES = ['FACTION_MISMATCH', 'CLASS_RESTRICTED', 'TALENT_REQUIRED'];

describe('heroMayPlay (faction, class and talent rules for one card)', () => {
  const tazo = card('HOA', "Ta'zo"); // Horde Mage, Fire
  const boris = card('HOA', 'Boris Brightbeard'); // Alliance

  it('says what the faction, class and talent rules say: Pyroblast with a Fire Mage only, Horde cards with a Horde hero only', () => {
    expect(heroMayPlay(tazo, card('HOA', 'Pyroblast'))).toBe(true);
    expect(heroMayPlay(boris, card('HOA', 'Pyroblast'))).toBe(false);
    expect(heroMayPlay(tazo, card('HOA', 'Orgrimmar Grunts'))).toBe(true);
    expect(heroMayPlay(boris, card('HOA', 'Orgrimmar Grunts'))).toBe(false);
    expect(heroMayPlay(boris, card('HOA', 'Chromie'))).toBe(true);
  });

  it('agrees with checkDeck on every card of a set, for heroes of both factions', () => {
    for (const hero of [tazo, boris]) {
      for (const c of shippedCards('HOA').filter((x) => x.type !== 'hero')) {
        const { violations } = checkDeck({ game: 'wow-tcg', format: 'limited', hero, main: [entry(c, 1)], profile: wow });
        expect([c.name, heroMayPlay(hero, c)]).toEqual([c.name, !violations.some((v) => HERO_RULES.includes(v.code))]);
      }
    }
  });
});
