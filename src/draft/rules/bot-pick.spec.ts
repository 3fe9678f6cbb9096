import { rngFor } from '../../common/random/seeded-rng';
import { botPick, botScore, type BotCard } from './bot-pick';

const SEED = '00112233445566778899aabbccddeeff';
const rng = (k = 1) => rngFor(SEED, `bot/pod-1/seat-0/round-1/pick-${k}`);

const wow = (cardId: string, rarity: string, faction: string, type = 'ally'): BotCard => ({ cardId, rarity, type, attributes: { game: 'wow-tcg', faction } });
const berserk = (cardId: string, rarity: string, element: string): BotCard => ({ cardId, rarity, type: 'creature', attributes: { game: 'berserk', element } });

describe('botScore', () => {
  it('rarity weight: epic and ultra-rare 4, rare 3, uncommon 2, common 1, unknown counts as common', () => {
    expect(['epic', 'rare', 'uncommon', 'common'].map((r) => botScore({ cardId: 'X-1', rarity: r, type: 'ally' }, []))).toEqual([4, 3, 2, 1]);
    expect(botScore({ cardId: 'X-1', rarity: 'ultra-rare', type: 'creature' }, [])).toBe(4);
    expect(botScore({ cardId: 'X-1', rarity: 'mythic', type: 'ally' }, [])).toBe(1);
  });

  it('WoW heroes score 0, whatever their rarity or faction (players choose any hero)', () => {
    expect(botScore(wow('HOA-1', 'uncommon', 'Horde', 'hero'), [wow('HOA-2', 'common', 'Horde')])).toBe(0);
    expect(botScore(wow('ICE-1', 'epic', 'Neutral', 'master-hero'), [])).toBe(0);
  });

  it('a faction card gets +1 per earlier pick of its faction, capped at +2', () => {
    const horde = (n: number) => Array.from({ length: n }, (_, i) => wow(`HOA-${100 + i}`, 'common', 'Horde'));
    expect([0, 1, 2, 3, 5].map((n) => botScore(wow('HOA-9', 'common', 'Horde'), horde(n)))).toEqual([1, 2, 3, 3, 3]);
    expect(botScore(wow('HOA-9', 'common', 'Alliance'), horde(3))).toBe(1);
  });

  it('Neutral and Both cards get a flat +1 and earlier neutral picks do not count towards a faction', () => {
    expect(botScore(wow('HOA-9', 'common', 'Neutral'), [])).toBe(2);
    expect(botScore(wow('HOA-9', 'rare', 'Both'), [wow('HOA-1', 'common', 'Horde')])).toBe(4);
    expect(botScore(wow('HOA-9', 'common', 'Horde'), [wow('HOA-1', 'common', 'Neutral')])).toBe(1);
  });

  it('Berserk: +1 per earlier pick of the element (capped at +2), neutral fits all (+1)', () => {
    const swamps = [berserk('S1-1', 'common', 'swamps'), berserk('S1-2', 'common', 'swamps'), berserk('S1-3', 'common', 'swamps')];
    expect(botScore(berserk('S1-9', 'rare', 'swamps'), swamps.slice(0, 1))).toBe(4);
    expect(botScore(berserk('S1-9', 'rare', 'swamps'), swamps)).toBe(5);
    expect(botScore(berserk('S1-9', 'rare', 'forests'), swamps)).toBe(3);
    expect(botScore(berserk('S1-9', 'common', 'neutral'), swamps)).toBe(2);
  });

  it('is defensive: missing attributes or fields give no fit bonus and count for nothing', () => {
    const bare: BotCard = { cardId: 'HOA-5', rarity: 'rare', type: 'ally' };
    expect(botScore(bare, [bare, bare])).toBe(3);
    expect(botScore({ ...bare, attributes: null }, [])).toBe(3);
    expect(botScore({ ...bare, attributes: { game: 'wow-tcg' } }, [wow('HOA-1', 'common', 'Horde')])).toBe(3);
    expect(botScore(wow('HOA-9', 'common', 'Horde'), [{ cardId: 'HOA-7', rarity: 'common', type: 'ally', attributes: {} }])).toBe(1);
  });
});

describe('botPick', () => {
  it('takes the best-rated card', () => {
    const pack = [wow('HOA-3', 'common', 'Horde'), wow('HOA-2', 'rare', 'Alliance'), wow('HOA-1', 'uncommon', 'Horde')];
    expect(botPick(pack, [], rng())).toBe('HOA-2');
  });

  it('prefers a fitting common over an off-faction uncommon once the seat leans to a faction', () => {
    const picked = [wow('HOA-10', 'common', 'Horde'), wow('HOA-11', 'common', 'Horde')];
    expect(botPick([wow('HOA-1', 'uncommon', 'Alliance'), wow('HOA-2', 'common', 'Horde')], picked, rng())).toBe('HOA-2');
  });

  it('breaks ties with one rng.below over the tied ids in canonical card order (HOA-2 before HOA-10)', () => {
    const pack = [wow('HOA-10', 'common', 'Horde'), wow('HOA-2', 'common', 'Horde'), wow('HOA-7', 'common', 'Alliance'), wow('HOA-1', 'hero', 'Horde', 'hero')];
    for (let k = 1; k <= 20; k++) {
      const expected = ['HOA-2', 'HOA-7', 'HOA-10'][rng(k).below(3)];
      expect(botPick(pack, [], rng(k))).toBe(expected);
    }
  });

  it('does not depend on the order of the pack, and is the same for the same stream', () => {
    const pack = ['HOA-4', 'HOA-9', 'HOA-13', 'HOA-21'].map((id) => wow(id, 'common', 'Neutral'));
    for (let k = 1; k <= 20; k++) {
      expect(botPick([...pack].reverse(), [], rng(k))).toBe(botPick(pack, [], rng(k)));
    }
  });

  it('counts copies of a card once among the tied ids', () => {
    const pack = [wow('HOA-5', 'common', 'Horde'), wow('HOA-5', 'common', 'Horde'), wow('HOA-6', 'common', 'Horde')];
    for (let k = 1; k <= 10; k++) expect(botPick(pack, [], rng(k))).toBe(['HOA-5', 'HOA-6'][rng(k).below(2)]);
  });

  it('takes a hero only when nothing else is left', () => {
    expect(botPick([wow('HOA-1', 'uncommon', 'Horde', 'hero')], [], rng())).toBe('HOA-1');
  });

  it('throws on an empty pack', () => {
    expect(() => botPick([], [], rng())).toThrow(RangeError);
  });
});
