import { GAME_IDS, RARITIES } from '../card.types';
import { draftPacksFor, GAMES } from './index';

describe('game rules profiles', () => {
  it('exist for every game id, each under its own id', () => {
    expect(Object.keys(GAMES).sort()).toEqual([...GAME_IDS].sort());
    for (const id of GAME_IDS) expect(GAMES[id].id).toBe(id);
  });

  it('use only the normalized rarities, and heroes are card types of their game', () => {
    for (const game of Object.values(GAMES)) {
      expect(game.rarities.every((r) => RARITIES.includes(r))).toBe(true);
      expect(game.heroTypes.every((t) => game.cardTypes.includes(t))).toBe(true);
    }
  });

  it('WoW TCG sealed: 6 boosters per player, decks of 30+ cards', () => {
    expect(GAMES['wow-tcg'].limited).toMatchObject({ sealedPacksPerPlayer: 6, minDeckSize: 30 });
  });

  it('WoW TCG draft: 4 to 8 players; four boosters each whatever their size (the rule text), fewer an organizer option', () => {
    const wow = GAMES['wow-tcg'];
    expect(wow.limited.draftPodSize).toEqual({ min: 4, max: 8 });
    expect(draftPacksFor(wow, 15)).toBe(4);
    expect(draftPacksFor(wow, 19)).toBe(4);
    expect(draftPacksFor(wow, 12)).toBeNull();
  });

  it('WoW TCG copies: 4 in constructed, Unlimited cards without limit, none in limited', () => {
    expect(GAMES['wow-tcg'].copyLimits).toEqual({ constructed: 4, byKeyword: { unlimited: null }, limited: null });
  });

  it('Berserk copies: ordinary 3 (a community setting), Horde 5', () => {
    expect(GAMES.berserk.copyLimits).toMatchObject({ constructed: 3, byKeyword: { horde: 5 } });
    expect(GAMES.berserk.limited.minDeckSize).toBe(30);
  });
});
