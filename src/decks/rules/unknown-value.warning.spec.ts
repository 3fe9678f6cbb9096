import { GAMES } from '../../catalog/games';
import { checkDeck } from './deck-check';
import { card, fill, playableBy } from './testing/shipped-cards';
import type { DeckCard } from './types';

const wow = GAMES['wow-tcg'];

describe('unknown value warning (UNKNOWN_VALUE)', () => {
  const gorebelly = card('HOA', 'Gorebelly');
  const main = fill('HOA', 30, 2, playableBy(gorebelly));

  it('rule: a faction, class or hero class the rules do not know is a warning, never a violation; known values give none', () => {
    expect(checkDeck({ game: 'wow-tcg', format: 'limited', hero: gorebelly, main, profile: wow })).toEqual({ legal: true, violations: [] });
    const king: DeckCard = { ...gorebelly, cardId: 'ICC-2', name: 'The King', attributes: { ...gorebelly.attributes, heroClass: 'King' } };
    const undead: DeckCard = {
      ...main[0].card,
      cardId: 'ICC-3',
      name: 'Undead Ally',
      attributes: { ...main[0].card.attributes, faction: 'Undead' as never, classes: ['Warrior', 'Necromancer'] },
    };
    const result = checkDeck({ game: 'wow-tcg', format: 'limited', hero: king, main: [...main.slice(1), { card: undead, count: main[0].count }], profile: wow });
    expect(result.warnings).toEqual([
      {
        code: 'UNKNOWN_VALUE',
        message: 'The King has hero class "King" (class-restricted cards must name it): the WoW TCG rules do not know it; the deck check reads it as printed.',
        cards: ['ICC-2'],
      },
      {
        code: 'UNKNOWN_VALUE',
        message:
          'Undead Ally has faction "Undead" (it binds no hero, like Neutral) and class "Necromancer" (only a hero printed with it matches): the WoW TCG rules do not know it; the deck check reads it as printed.',
        cards: ['ICC-3'],
      },
    ]);
    expect(result.violations.map((v) => v.code)).not.toContain('FACTION_MISMATCH');
  });

  it('Berserk decks carry no WoW TCG values: never a warning', () => {
    const s1 = fill('S1', 30, 1, () => true);
    expect(checkDeck({ game: 'berserk', format: 'limited', hero: null, main: s1, profile: GAMES.berserk }).warnings).toBeUndefined();
  });
});
