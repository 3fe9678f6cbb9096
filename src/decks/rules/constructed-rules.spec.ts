import { GAME_IDS } from '../../catalog/card.types';
import { GAMES } from '../../catalog/games';
import { CONSTRUCTED_RULES } from './constructed-rules';

describe('CONSTRUCTED_RULES', () => {
  it("holds each game's own constructed rules (GameDefinition.constructed), for every game", () => {
    for (const id of GAME_IDS) expect(CONSTRUCTED_RULES[id]).toBe(GAMES[id].constructed);
    expect(Object.keys(CONSTRUCTED_RULES).sort()).toEqual([...GAME_IDS].sort());
  });
});
