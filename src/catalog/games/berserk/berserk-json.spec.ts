import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DomainError } from '../../../common/errors/domain-error';
import type { BerserkCardAttributes, SetCard, SetData } from '../../card.types';
import { parseBerserkJson } from './berserk-json';

const fixture = (name: string): string => readFileSync(join(__dirname, '..', '..', 'importers', '__fixtures__', name), 'utf8');

function thrown(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}

const card = (set: SetData | undefined, name: string): SetCard => {
  const found = set?.cards.find((c) => c.name === name);
  if (!found) throw new Error(`no card ${name}`);
  return found;
};
const attrs = (c: SetCard): BerserkCardAttributes => c.attributes as BerserkCardAttributes;

/** A minimal valid card; tests override what they prove. */
const raw = (over: Record<string, unknown>): Record<string, unknown> => ({
  set: 's1',
  id: 's1_1',
  name: 'Тест',
  cost: 3,
  health: 6,
  move: 1,
  basicStrike: { light: 1, normal: 2, heavy: 3 },
  element: 'steppes',
  type: 'creature',
  rarity: 'common',
  value: 'silver',
  features: [],
  ...over,
});
const file = (...cards: unknown[]): string => JSON.stringify({ cards });

describe('Berserk sets.json importer', () => {
  const sets = parseBerserkJson(fixture('berserk-sets-excerpt.json'));
  const byCode = (code: string): SetData | undefined => sets.find((s) => s.code === code);

  it('returns one set per data set, code upper-cased, s1 named "Война стихий"', () => {
    expect(sets.map((s) => s.code)).toEqual(['S1', 'S2', 'S3', 'S4']);
    expect(byCode('S1')).toMatchObject({ game: 'berserk', name: 'Война стихий', boosterLayout: null });
    expect(byCode('S2')?.name).toBe('Berserk S2');
  });

  it('options.set keeps one set (case-insensitive); an unknown set is IMPORT_INVALID listing the sets', () => {
    expect(parseBerserkJson(fixture('berserk-sets-excerpt.json'), { set: 's1' }).map((s) => s.code)).toEqual(['S1']);
    const error = thrown(() => parseBerserkJson(fixture('berserk-sets-excerpt.json'), { set: 's9' }));
    expect(error).toMatchObject({ code: 'IMPORT_INVALID' });
    expect(error.details[0].message).toContain('s1, s2, s3, s4');
  });

  it('number comes from the id suffix; ultrarare is ultra-rare; gold value is elite', () => {
    const matriarch = card(byCode('S1'), 'Матриарх племени');
    expect(matriarch).toMatchObject({ number: 28, rarity: 'ultra-rare' });
    expect(attrs(matriarch)).toMatchObject({ elite: true, strike: { light: expect.any(Number), normal: expect.any(Number), heavy: expect.any(Number) } });
    expect(attrs(card(byCode('S1'), 'Гиррит')).elite).toBe(false);
  });

  it('a creature with the "artifact" feature is an artifact; "artefact" is an artifact', () => {
    expect(card(byCode('S2'), 'Гаргулья').type).toBe('artifact'); // type "creature" in the data
    expect(card(byCode('S2'), 'Лихо одноглазое').type).toBe('artifact'); // type "artefact"
  });

  it('"place" and a creature with the "terrain" feature are terrains', () => {
    expect(card(byCode('S3'), 'Белегос').type).toBe('terrain');
    expect(card(byCode('S4'), 'Мираж').type).toBe('terrain');
  });

  it('horde, unique and flying come from features (which keep them)', () => {
    expect(attrs(card(byCode('S4'), 'Цепной пёс'))).toMatchObject({ horde: true, unique: false, flying: false });
    expect(attrs(card(byCode('S1'), 'Гиррит'))).toMatchObject({ unique: true, horde: false });
    expect(attrs(card(byCode('S1'), 'Пустынный кондор'))).toMatchObject({ flying: true, features: ['addCounter', 'impact', 'flying'] });
  });

  it('element "neutrals" is neutral', () => {
    expect(attrs(card(byCode('S1'), 'Мародёр')).element).toBe('neutral');
  });

  it('foil / alternativeArt rows are cards of their own with that printing; the marker leaves features', () => {
    const minotaur = card(byCode('S1'), 'Минотавр');
    expect(minotaur).toMatchObject({ number: 34, rarity: 'rare', printings: [{ kind: 'alternative-art' }] });
    expect(attrs(minotaur).features).not.toContain('alternativeArt');
    const foil = card(byCode('S2'), 'Омидгал');
    expect(foil.printings).toEqual([{ kind: 'foil' }]);
    expect(attrs(foil).features).toEqual(['unique', 'armor', 'experiencedStrike']);
  });

  it('bad content is IMPORT_INVALID naming every card at fault', () => {
    const error = thrown(() =>
      parseBerserkJson(
        file(raw({ name: 'Плохая редкость', rarity: 'mythic' }), raw({ id: 's1_2', name: 'Без стихии', element: 'fire' }), raw({ id: 's2_3', name: 'Чужой номер' })),
      ),
    );
    expect(error.code).toBe('IMPORT_INVALID');
    expect(error.details.map((d) => [d.card, d.field, d.rule])).toEqual([
      ['Плохая редкость', 'cards[0].rarity', 'isIn'],
      ['Без стихии', 'cards[1].element', 'isIn'],
      ['Чужой номер', 'cards[2].id', 'cardId'],
    ]);
  });

  it('two cards with one collector number are IMPORT_INVALID', () => {
    const error = thrown(() => parseBerserkJson(file(raw({}), raw({ name: 'Двойник' }))));
    expect(error.details).toEqual([expect.objectContaining({ card: 'Двойник', rule: 'duplicateNumber' })]);
  });

  it('malformed JSON is MALFORMED_BODY with the line; a wrong shape is IMPORT_INVALID', () => {
    const error = thrown(() => parseBerserkJson('{"cards": [\n  {"id": "s1_1",,}\n]}'));
    expect(error).toMatchObject({ code: 'MALFORMED_BODY' });
    expect(error.details[0].line).toBe(2);
    expect(thrown(() => parseBerserkJson('[]')).code).toBe('IMPORT_INVALID');
  });
});
