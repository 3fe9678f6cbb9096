import { GAMES } from '../../catalog/games';
import { checkDeck } from './deck-check';
import { factionAllows } from './faction.rule';
import { card, entry, fill, playableBy } from './testing/shipped-cards';
import type { DeckCard, DeckEntry } from './types';

const wow = GAMES['wow-tcg'];
const boris = card('HOA', 'Boris Brightbeard'); // Alliance
const gorebelly = card('HOA', 'Gorebelly'); // Horde
const grunts = card('HOA', 'Orgrimmar Grunts'); // Horde ally
const guards = card('HOA', 'Ironforge Guards'); // Alliance ally
const rehgar = card('BOG', 'Rehgar Earthfury'); // faction "Both" (Blood of Gladiators)
const chromie = card('HOA', 'Chromie'); // Neutral
const limited = (hero: DeckCard, extra: DeckEntry[]) =>
  checkDeck({ game: 'wow-tcg', format: 'limited', hero, main: [...fill('HOA', 30, 2, (c) => playableBy(hero)(c) && c.name !== 'Chromie'), ...extra], profile: wow });

describe('faction rule (FACTION_MISMATCH)', () => {
  it('legal: a faction card with a hero of that faction', () => {
    expect(limited(gorebelly, [entry(grunts, 3)]).legal).toBe(true);
    expect(limited(boris, [entry(guards, 3)]).legal).toBe(true);
  });

  it('legal: Neutral and Both cards with either faction', () => {
    expect(limited(boris, [entry(chromie, 1), entry(rehgar, 1)]).legal).toBe(true);
    expect(limited(gorebelly, [entry(chromie, 1), entry(rehgar, 1)]).legal).toBe(true);
  });

  it('illegal: a Horde card with an Alliance hero', () => {
    expect(limited(boris, [entry(grunts, 2)]).violations).toEqual([
      {
        code: 'FACTION_MISMATCH',
        message: 'Orgrimmar Grunts is a Horde card: only a Horde hero may have it in the deck, and Boris Brightbeard is Alliance.',
        cards: [grunts.cardId],
      },
    ]);
  });

  it('illegal: an Alliance card with a Horde hero', () => {
    expect(limited(gorebelly, [entry(guards, 1)]).violations.map((v) => [v.code, v.cards])).toEqual([['FACTION_MISMATCH', [guards.cardId]]]);
  });

  it('Constructed: side deck cards must match too; Limited: the sideboard is not restricted', () => {
    const main = fill('HOA', 60, 4, playableBy(boris));
    const side = [entry(grunts, 2), ...fill('MOL', 8, 1, playableBy(boris))];
    const constructed = checkDeck({ game: 'wow-tcg', format: 'constructed', hero: boris, main, sideboard: side, profile: wow });
    expect(constructed.violations.map((v) => v.code)).toEqual(['FACTION_MISMATCH']);
    const limitedDeck = checkDeck({ game: 'wow-tcg', format: 'limited', hero: boris, main: main.slice(0, 8), sideboard: side, profile: wow });
    expect(limitedDeck.legal).toBe(true);
  });

  it('factionAllows: Neutral heroes (Hunt for Illidan) take no Horde or Alliance card', () => {
    expect(factionAllows('Neutral', 'Horde')).toBe(false);
    expect(factionAllows('Neutral', 'Neutral')).toBe(true);
    expect(factionAllows('Horde', 'Both')).toBe(true);
    expect(factionAllows('Alliance', null)).toBe(true);
  });

  describe('Scourge (Icecrown era): a faction like Alliance and Horde', () => {
    const scourge = (name: string, type: DeckCard['type']): DeckCard => ({
      cardId: `ICC-${name.length}`,
      name,
      type,
      attributes: { game: 'wow-tcg', faction: 'Scourge', classes: null } as never,
    });
    const vexa = { ...scourge('Vexa the Risen', 'hero'), attributes: { game: 'wow-tcg', faction: 'Scourge', heroClass: 'Death Knight', classes: null } } as DeckCard;
    const ghoul = scourge('Ghoul of the Frozen Throne', 'ally');
    const neutrals = fill('HOA', 30, 2, (c) => playableBy(vexa)(c) && c.name !== 'Chromie');

    it('rule: a Scourge hero plays Scourge and Neutral cards, not Alliance or Horde ones', () => {
      expect(neutrals.every((e) => (e.card.attributes as { faction?: string }).faction === 'Neutral')).toBe(true);
      const deck = (extra: DeckEntry[]) => checkDeck({ game: 'wow-tcg', format: 'limited', hero: vexa, main: [...neutrals, ...extra], profile: wow });
      expect(deck([entry(ghoul, 2), entry(chromie, 1)]).legal).toBe(true);
      expect(deck([entry(grunts, 1), entry(guards, 1)]).violations.map((v) => [v.code, v.cards])).toEqual([
        ['FACTION_MISMATCH', [grunts.cardId]],
        ['FACTION_MISMATCH', [guards.cardId]],
      ]);
    });

    it('rule: a Scourge card needs a Scourge hero', () => {
      expect(factionAllows('Scourge', 'Scourge')).toBe(true);
      expect(factionAllows('Alliance', 'Scourge')).toBe(false);
      expect(factionAllows('Horde', 'Scourge')).toBe(false);
      expect(factionAllows('Neutral', 'Scourge')).toBe(false);
      expect(limited(boris, [entry(ghoul, 1)]).violations).toEqual([
        {
          code: 'FACTION_MISMATCH',
          message: 'Ghoul of the Frozen Throne is a Scourge card: only a Scourge hero may have it in the deck, and Boris Brightbeard is Alliance.',
          cards: [ghoul.cardId],
        },
      ]);
    });
  });
});
