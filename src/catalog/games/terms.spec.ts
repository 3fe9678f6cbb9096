import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GAME_IDS, type SetData } from '../card.types';
import { parseSetFile } from '../importers';
import { parseProductJson } from '../importers/product-json';
import { cardTermRefs } from './card-terms';
import { GAMES } from './index';
import { findTerm, termName, TERM_KINDS } from './terms';

const SETS_DIR = join(__dirname, '..', '..', '..', 'data', 'sets');
const FIXTURES = join(__dirname, '..', 'importers', '__fixtures__');
const shipped: SetData[] = readdirSync(SETS_DIR)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .flatMap((f) => parseProductJson(readFileSync(join(SETS_DIR, f), 'utf8')));
/** What the game importers produce from the community files they read (excerpts kept as fixtures). */
const imported: SetData[] = [
  ...parseSetFile('berserk-json', readFileSync(join(FIXTURES, 'berserk-sets-excerpt.json'), 'utf8')),
  ...['wowtcg-hoa-excerpt.json', 'wowtcg-bog-excerpt.json', 'wowtcg-sob-excerpt.json', 'wowtcg-wg-excerpt.json'].flatMap((f) =>
    parseSetFile('wowtcg-json', readFileSync(join(FIXTURES, f), 'utf8')),
  ),
  ...['octgn-hoa-excerpt.xml', 'octgn-dow-excerpt.xml', 'octgn-icc-excerpt.xml'].flatMap((f) => parseSetFile('octgn', readFileSync(join(FIXTURES, f), 'utf8'))),
];

/** Every `game kind value` a card shows that its game's table does not name. */
function missingTerms(sets: SetData[]): string[] {
  const missing = new Set<string>();
  for (const set of sets)
    for (const card of set.cards)
      for (const ref of cardTermRefs(set.game, card as unknown as { type: string; rarity: string; attributes: Record<string, unknown> }))
        if (!findTerm(GAMES[set.game].terms, ref.kind, ref.value)) missing.add(`${set.game} ${ref.kind} ${ref.value}`);
  return [...missing].sort();
}

describe('game term tables', () => {
  it('every identifier on a card of a shipped set has a term', () => {
    expect(shipped.length).toBeGreaterThan(10);
    expect(missingTerms(shipped)).toEqual([]);
  });

  it('every identifier the game importers produce from their formats has a term', () => {
    expect(imported.length).toBeGreaterThan(0);
    expect(missingTerms(imported)).toEqual([]);
  });

  it('every card type and rarity of a game profile has a term', () => {
    for (const id of GAME_IDS) {
      const game = GAMES[id];
      for (const type of game.cardTypes) expect([id, type, findTerm(game.terms, 'type', type)]).toEqual([id, type, expect.anything()]);
      for (const rarity of game.rarities) expect([id, rarity, findTerm(game.terms, 'rarity', rarity)]).toEqual([id, rarity, expect.anything()]);
    }
  });

  it('every term has a non-empty English and Russian name, and every keyword a reminder in both', () => {
    for (const id of GAME_IDS)
      for (const kind of TERM_KINDS)
        for (const [value, term] of Object.entries(GAMES[id].terms[kind] ?? {})) {
          expect([id, kind, value, term.en.trim() !== '', term.ru.trim() !== '']).toEqual([id, kind, value, true, true]);
          if (kind === 'keyword') expect([id, value, !!term.reminder?.en.trim(), !!term.reminder?.ru.trim()]).toEqual([id, value, true, true]);
        }
  });

  it('WoW TCG names terms as its Russian rule texts: Соратник, Доспех, Воздействие', () => {
    const wow = GAMES['wow-tcg'].terms;
    expect(termName(wow, 'type', 'ally', 'ru')).toBe('Соратник');
    expect(termName(wow, 'type', 'armor', 'ru')).toBe('Доспех');
    expect(termName(wow, 'type', 'ability', 'ru')).toBe('Воздействие');
    expect(termName(wow, 'class', 'Death Knight', 'ru')).toBe('Рыцарь смерти');
  });

  it('Berserk names terms as its Russian rule texts: Экипировка, «частая», Броня', () => {
    const berserk = GAMES.berserk.terms;
    expect(termName(berserk, 'type', 'equipment', 'ru')).toBe('Экипировка');
    expect(termName(berserk, 'rarity', 'common', 'ru')).toBe('Частая');
    expect(termName(berserk, 'keyword', 'armor', 'ru')).toBe('Броня');
    expect(termName(berserk, 'keyword', 'defFromPoison', 'en')).toBe('Poison protection');
  });

  it('term lookup: per game (the same value differs by game), own keys only, raw value when unknown', () => {
    expect(termName(GAMES.berserk.terms, 'rarity', 'common', 'ru')).not.toBe(termName(GAMES['wow-tcg'].terms, 'rarity', 'common', 'ru'));
    expect(findTerm(GAMES.berserk.terms, 'keyword', 'toString')).toBeNull();
    expect(findTerm(GAMES.berserk.terms, 'faction', 'Horde')).toBeNull();
    expect(termName(GAMES.berserk.terms, 'keyword', 'somethingNew', 'en')).toBe('somethingNew');
  });

  it('card term refs: Berserk flags and features become keywords once each', () => {
    const refs = cardTermRefs('berserk', {
      type: 'creature',
      rarity: 'rare',
      attributes: { element: 'darkness', elite: true, unique: true, features: ['unique', 'regeneration'] },
    });
    expect(refs).toEqual([
      { kind: 'type', value: 'creature' },
      { kind: 'rarity', value: 'rare' },
      { kind: 'element', value: 'darkness' },
      { kind: 'keyword', value: 'elite' },
      { kind: 'keyword', value: 'unique' },
      { kind: 'keyword', value: 'regeneration' },
    ]);
  });
});
