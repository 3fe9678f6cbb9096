import { GAMES } from '../../catalog/games';
import { checkDeck } from './deck-check';
import { card, entry, fill, playableBy } from './testing/shipped-cards';
import { unknownCardViolation, unknownCardViolations } from './unknown-card.rule';

const wow = GAMES['wow-tcg'];
const boris = card('HOA', 'Boris Brightbeard');
const main = fill('HOA', 30, 2, playableBy(boris));

describe('unknown card rule (UNKNOWN_CARD)', () => {
  it('the helper builds the violation for an id the caller could not resolve', () => {
    expect(unknownCardViolation('HOA-999', wow)).toEqual({
      code: 'UNKNOWN_CARD',
      message: 'There is no card "HOA-999" in World of Warcraft TCG: check the card id, or the deck list line it came from.',
      cards: ['HOA-999'],
    });
    expect(unknownCardViolations(['X-1', 'X-1', 'X-2'], wow).map((v) => v.cards)).toEqual([['X-1'], ['X-2']]);
  });

  it('legal: every card known (HOA-361 exists)', () => {
    expect(checkDeck({ game: 'wow-tcg', format: 'limited', hero: boris, main, unknownCards: [], profile: wow }).legal).toBe(true);
  });

  it('illegal: unknown ids passed by the caller come first, with the other violations', () => {
    const { violations } = checkDeck({ game: 'wow-tcg', format: 'limited', hero: boris, main: main.slice(1), unknownCards: ['HOA-999'], profile: wow });
    expect(violations.map((v) => v.code)).toEqual(['UNKNOWN_CARD', 'DECK_TOO_SMALL']);
  });

  it('illegal: a card of another game (its attributes name Berserk)', () => {
    const nomad = card('S1', 'Кочевник');
    const { violations } = checkDeck({ game: 'wow-tcg', format: 'limited', hero: boris, main: [...main, entry(nomad, 1)], profile: wow });
    expect(violations).toEqual([{ code: 'UNKNOWN_CARD', message: 'Кочевник (S1-1) is not a World of Warcraft TCG card.', cards: ['S1-1'] }]);
  });
});
