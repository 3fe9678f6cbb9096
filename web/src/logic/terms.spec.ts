import { keywordTerm, termOf, traitName } from './terms';

describe('web term lookup', () => {
  it('names a Berserk keyword id in the player language, with its reminder', () => {
    expect(keywordTerm('berserk', 'defFromPoison', 'ru')).toEqual({ name: 'Защита от отравления', reminder: 'Не может быть отравлено.' });
    expect(keywordTerm('berserk', 'experiencedStrike', 'en').name).toBe('Experienced strike');
  });

  it('names types, rarities and traits per game (WoW Соратник, Berserk «частая»)', () => {
    expect(termOf('wow-tcg', 'type', 'ally', 'ru')).toBe('Соратник');
    expect(termOf('berserk', 'rarity', 'common', 'ru')).toBe('Частая');
    expect(traitName('berserk', 'steppes', 'ru')).toBe('Степи');
    expect(traitName('wow-tcg', 'Death Knight', 'ru')).toBe('Рыцарь смерти');
  });

  it('WoW strike cost keeps its number; unknown values stay as the data spells them', () => {
    expect(keywordTerm('wow-tcg', 'strike 2', 'ru').name).toBe('Цена удара 2');
    expect(keywordTerm('wow-tcg', 'Gryphon', 'ru')).toEqual({ name: 'Gryphon', reminder: null });
    expect(termOf(undefined, 'type', 'ally', 'en')).toBeNull();
  });
});
