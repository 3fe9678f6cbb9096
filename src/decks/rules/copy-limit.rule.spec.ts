import type { BerserkCardAttributes } from '../../catalog/card.types';
import { GAMES } from '../../catalog/games';
import { copyLimitOf } from './copy-limit.rule';
import { checkDeck } from './deck-check';
import { card, entry, fill, playableBy } from './testing/shipped-cards';
import type { DeckCard, DeckEntry } from './types';

const wow = GAMES['wow-tcg'];
const berserk = GAMES.berserk;

describe('copy limit rule (TOO_MANY_COPIES)', () => {
  describe('WoW TCG Constructed: 4 copies by name across main and side deck, Unlimited without limit', () => {
    const boris = card('HOA', 'Boris Brightbeard');
    const gorebelly = card('HOA', 'Gorebelly'); // Horde Warrior (Arms)
    const base = fill('HOA', 56, 4, playableBy(boris)); // 14 cards × 4
    const constructed = (hero: DeckCard, main: DeckEntry[], sideboard: DeckEntry[] = []) =>
      checkDeck({ game: 'wow-tcg', format: 'constructed', hero, main, sideboard, profile: wow });

    it('legal: 4 copies of every card', () => {
      expect(constructed(boris, fill('HOA', 60, 4, playableBy(boris))).legal).toBe(true);
    });

    it('illegal: 3 in the main deck and 2 in the side deck of the same card make 5', () => {
      const extra = base[0].card;
      const side = [entry(extra, 2), ...fill('MOL', 8, 1, playableBy(boris))];
      const main = [
        ...base.slice(1),
        entry(extra, 3),
        ...fill(
          'MOL',
          5,
          1,
          playableBy(boris),
          side.map((e) => e.card.name),
        ),
      ];
      const { violations } = constructed(boris, main, side);
      expect(violations).toEqual([
        {
          code: 'TOO_MANY_COPIES',
          message: `You have 5 copies of ${extra.name} in your main and side deck together; a Constructed World of Warcraft TCG deck may hold at most 4 copies of a card (by name).`,
          cards: [extra.cardId],
        },
      ]);
    });

    it('illegal: printings of one name in two sets count together (Surge of Life, TDP and WG)', () => {
      const grennan = card('HOA', 'Grennan Stormspeaker'); // Horde Shaman (Elemental)
      const tdp = card('TDP', 'Surge of Life');
      const wg = card('WG', 'Surge of Life');
      const main = [...fill('HOA', 56, 4, playableBy(grennan)), entry(tdp, 3), entry(wg, 2)];
      const { violations } = constructed(grennan, main);
      expect(violations.map((v) => [v.code, v.cards])).toEqual([['TOO_MANY_COPIES', ['TDP-102', 'WG-78']]]);
    });

    it('legal: 20 Orgrimmar Grunts, tagged Unlimited (glossary: "60 Orgrimmar Grunts instead of 4")', () => {
      const grunts = card('HOA', 'Orgrimmar Grunts');
      expect(copyLimitOf(grunts, wow.copyLimits, 'constructed')).toEqual({ limit: null, keyword: 'unlimited' });
      const main = [entry(grunts, 20), ...fill('HOA', 40, 4, playableBy(gorebelly))];
      expect(constructed(gorebelly, main).legal).toBe(true);
    });

    it('Limited has no copy limit (profile copyLimits.limited = null)', () => {
      const main = [entry(base[0].card, 7), ...base.slice(1, 7)];
      expect(checkDeck({ game: 'wow-tcg', format: 'limited', hero: boris, main, profile: wow }).legal).toBe(true);
    });
  });

  describe('Berserk Constructed: ordinary limit 3, Horde 5 (profile settings)', () => {
    const nomad = card('S1', 'Кочевник');
    const others = fill('S1', 27, 3, () => true, ['Кочевник']);
    const constructed = (main: DeckEntry[]) => checkDeck({ game: 'berserk', format: 'constructed', hero: null, main, profile: berserk });

    it('legal: 3 copies of an ordinary card', () => {
      expect(constructed([entry(nomad, 3), ...others]).legal).toBe(true);
    });

    it('illegal: 4 copies of an ordinary card', () => {
      expect(constructed([entry(nomad, 4), ...others]).violations).toEqual([
        {
          code: 'TOO_MANY_COPIES',
          message: 'You have 4 copies of Кочевник in your main and side deck together; a Constructed Берсерк (Berserk) deck may hold at most 3 copies of a card (by name).',
          cards: ['S1-1'],
        },
      ]);
    });

    // No card of the shipped Berserk set s1 has the Horde keyword: a real card with the flag set.
    it('Horde: 5 copies legal, 6 illegal (Кочевник with the Horde flag; s1 ships no Horde card)', () => {
      const hordeNomad: DeckCard = { ...nomad, attributes: { ...(nomad.attributes as BerserkCardAttributes), horde: true } };
      expect(constructed([entry(hordeNomad, 5), ...others]).legal).toBe(true);
      expect(constructed([entry(hordeNomad, 6), ...others]).violations.map((v) => v.message)).toEqual([
        'You have 6 copies of Кочевник in your main and side deck together; a Constructed Берсерк (Berserk) deck may hold at most 5 copies of a card with Horde.',
      ]);
    });

    it('the limits come from the profile: a profile allowing 4 makes 4 copies legal', () => {
      const profile = { ...berserk, copyLimits: { ...berserk.copyLimits, constructed: 4 } };
      expect(checkDeck({ game: 'berserk', format: 'constructed', hero: null, main: [entry(nomad, 4), ...others], profile }).legal).toBe(true);
    });
  });

  describe('Limited from real boosters (unverifiedPool): no copy limit; copies beyond one a booster are a MANY_COPIES warning', () => {
    const boris = card('HOA', 'Boris Brightbeard');
    const limited = (main: DeckEntry[], unverifiedPool: boolean, boostersOpened?: number) =>
      checkDeck({
        game: 'wow-tcg',
        format: 'limited',
        hero: boris,
        main,
        pool: null,
        profile: wow,
        unverifiedPool,
        poolSets: ['HOA'],
        ...(boostersOpened ? { boostersOpened } : {}),
      });

    it('rule: one copy rule — a 4+1 deck legal against a pool is legal as a real-booster list too', () => {
      const main = fill('HOA', 30, 5, playableBy(boris)); // 6 cards × 5
      const physical = limited(main, true, 6);
      expect(physical.legal).toBe(true);
      expect(physical.violations.filter((v) => v.code === 'TOO_MANY_COPIES')).toEqual([]);
      expect(physical.warnings).toBeUndefined();
      expect(limited(main, false).violations).toEqual([]);
    });

    it('rule: more copies of a card than boosters opened is a MANY_COPIES warning for the judge, never a violation', () => {
      const main = fill('HOA', 30, 5, playableBy(boris));
      const result = limited(main, true, 4);
      expect(result.legal).toBe(true);
      expect(result.warnings).toHaveLength(6);
      expect(result.warnings![0]).toEqual({
        code: 'MANY_COPIES',
        message: `5 copies of ${main[0].card.name} from 4 boosters: more than one a booster is unusual — a judge may want to see them.`,
        cards: [main[0].card.cardId],
      });
    });

    // Bug: the sideboard of a list was not checked, so 9 copies (or a card of another set) could wait there for game 2.
    it("rule: the sideboard counts with the main deck for copies, and must be of the event's sets too", () => {
      const main = fill('HOA', 30, 3, playableBy(boris));
      const [first] = main;
      const mol = fill('MOL', 1, 1, playableBy(boris));
      const result = checkDeck({
        game: 'wow-tcg',
        format: 'limited',
        hero: boris,
        main,
        sideboard: [{ card: first.card, count: 2 }, ...mol],
        pool: null,
        profile: wow,
        unverifiedPool: true,
        poolSets: ['HOA'],
        boostersOpened: 4,
      });
      expect(result.violations.map((v) => [v.code, v.cards])).toEqual([['CARD_NOT_IN_POOL', [mol[0].card.cardId]]]);
      expect(result.warnings!.map((w) => [w.code, w.cards])).toEqual([['MANY_COPIES', [first.card.cardId]]]);
    });

    it('rule: a main-deck card of a set the event did not open is CARD_NOT_IN_POOL; the hero may come from anywhere', () => {
      const mol = fill('MOL', 1, 1, playableBy(boris));
      const main = [...fill('HOA', 30, 2, playableBy(boris)), ...mol];
      const { violations } = limited(main, true);
      expect(violations).toEqual([
        {
          code: 'CARD_NOT_IN_POOL',
          message: `${mol[0].card.name} is not from the boosters opened (HOA): a Limited deck and its sideboard use only the cards opened or drafted (any hero excepted).`,
          cards: [mol[0].card.cardId],
        },
      ]);
      const foreignHero = card('MOL', 'Arktos');
      expect(
        checkDeck({
          game: 'wow-tcg',
          format: 'limited',
          hero: foreignHero,
          main: fill('HOA', 30, 2, playableBy(foreignHero)),
          pool: null,
          profile: wow,
          unverifiedPool: true,
          poolSets: ['HOA'],
        }).violations.map((v) => v.code),
      ).not.toContain('CARD_NOT_IN_POOL');
    });
  });
});
