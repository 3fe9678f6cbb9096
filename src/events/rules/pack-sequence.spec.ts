import { BERSERK, WOW_TCG } from '../../catalog/games';
import { expandPackSequence } from './pack-sequence';

describe('pack sequence defaults', () => {
  it('WoW TCG sealed: 6 boosters per player', () => {
    expect(expandPackSequence(WOW_TCG, 'sealed', ['HOA'], 15)).toEqual(Array(6).fill('HOA'));
  });
  it('WoW TCG draft: 4 boosters of a 15-card set', () => {
    expect(expandPackSequence(WOW_TCG, 'draft', ['HOA'], 15)).toEqual(Array(4).fill('HOA'));
  });
  it('DRAFT_FOUR_BOOSTERS: a WoW TCG draft gives four boosters of a 19-card set too (the rule text: "Каждому человеку потребуется четыре бустера")', () => {
    expect(expandPackSequence(WOW_TCG, 'draft', ['MOL'], 19)).toEqual(Array(4).fill('MOL'));
  });
  it('an explicit sequence is kept as given', () => {
    expect(expandPackSequence(WOW_TCG, 'draft', ['HOA', 'TDP', 'FOO'], 15)).toEqual(['HOA', 'TDP', 'FOO']);
  });
  it('a game with no published default asks for the full sequence', () => {
    expect(() => expandPackSequence(BERSERK, 'draft', ['S1'], 12)).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
  });
});
