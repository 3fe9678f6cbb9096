import { teamFactionViolations, type TeamMemberHero } from './team-faction.rule';
import { card } from './testing/shipped-cards';
import type { DeckCard } from './types';

// Real heroes of the shipped set files (data/sets), as the catalog gives them.
const boris = card('HOA', 'Boris Brightbeard'); // Alliance Priest
const dizdemona = card('HOA', 'Dizdemona'); // Alliance
const elendril = card('HOA', 'Elendril'); // Alliance
const gorebelly = card('HOA', 'Gorebelly'); // Horde Warrior
const grennan = card('HOA', 'Grennan Stormspeaker'); // Horde Shaman
const pinprik = card('HFI', 'Imp Lord Pinprik'); // Neutral (Hunt for Illidan)

const factionOf = (c: DeckCard): string | null => (c.attributes as { faction?: string }).faction ?? null;
/** A team member whose registered hero is `hero` (null: no deck or no hero yet). */
const member = (playerId: string, name: string, hero: DeckCard | null): TeamMemberHero => ({
  playerId,
  name,
  hero: hero && { cardId: hero.cardId, name: hero.name, faction: factionOf(hero) },
});

describe('teamFactionViolations (TEAM_FACTION_MISMATCH)', () => {
  it('the shipped heroes used here are heroes of the factions the tests assume', () => {
    for (const h of [boris, dizdemona, elendril, gorebelly, grennan, pinprik]) expect(h.type).toBe('hero');
    expect([boris, dizdemona, elendril].map(factionOf)).toEqual(['Alliance', 'Alliance', 'Alliance']);
    expect([gorebelly, grennan].map(factionOf)).toEqual(['Horde', 'Horde']);
    expect(factionOf(pinprik)).toBe('Neutral');
  });

  it('rule: two Alliance heroes in a team are legal (no violation)', () => {
    expect(teamFactionViolations('Lions', [member('p1', 'Ann', boris), member('p2', 'Bob', dizdemona)]).size).toBe(0);
  });

  it('rule: two Horde heroes in a team are legal (no violation)', () => {
    expect(teamFactionViolations('Wolves', [member('p1', 'Ann', gorebelly), member('p2', 'Bob', grennan)]).size).toBe(0);
  });

  it('rule: an Alliance hero and a Horde hero in one team give one TEAM_FACTION_MISMATCH per member', () => {
    const out = teamFactionViolations('Lions', [member('p1', 'Ann', boris), member('p2', 'Bob', gorebelly)]);
    expect([...out.keys()]).toEqual(['p1', 'p2']);
    const expected = {
      code: 'TEAM_FACTION_MISMATCH',
      message: 'Team Lions: all heroes of a team must belong to one faction, but Ann (Boris Brightbeard, Alliance), Bob (Gorebelly, Horde) do not.',
      cards: [boris.cardId, gorebelly.cardId],
      players: ['p1', 'p2'],
    };
    expect(out.get('p1')).toEqual(expected);
    expect(out.get('p2')).toEqual(expected);
  });

  it('rule: the message names the team and both members with their heroes and factions', () => {
    const v = teamFactionViolations('The Mixed Bag', [member('a', 'Alice', dizdemona), member('b', 'Bert', grennan)]).get('a');
    expect(v?.message).toContain('Team The Mixed Bag');
    for (const s of ['Alice', 'Dizdemona', 'Alliance', 'Bert', 'Grennan Stormspeaker', 'Horde']) expect(v?.message).toContain(s);
  });

  it('rule: a member without a hero yet is not compared, and is not named in the violation', () => {
    expect(teamFactionViolations('Lions', [member('p1', 'Ann', boris), member('p2', 'Bob', null)]).size).toBe(0);
    const out = teamFactionViolations('Lions', [member('p1', 'Ann', boris), member('p2', 'Bob', null), member('p3', 'Cy', gorebelly)]);
    expect([...out.keys()]).toEqual(['p1', 'p3']);
    expect(out.get('p1')?.players).toEqual(['p1', 'p3']);
    expect(out.get('p1')?.cards).toEqual([boris.cardId, gorebelly.cardId]);
    expect(out.get('p1')?.message).not.toContain('Bob');
  });

  it('rule: a team where no member has a hero yet, or only one has, has no violation', () => {
    expect(teamFactionViolations('Lions', [member('p1', 'Ann', null), member('p2', 'Bob', null)]).size).toBe(0);
    expect(teamFactionViolations('Lions', [member('p1', 'Ann', gorebelly)]).size).toBe(0);
    expect(teamFactionViolations('Lions', []).size).toBe(0);
  });

  it('rule: 3v3 with one Horde hero among Alliance heroes flags all three members, not only the outlier', () => {
    const out = teamFactionViolations('Trio', [member('p1', 'Ann', boris), member('p2', 'Bob', gorebelly), member('p3', 'Cy', elendril)]);
    expect([...out.keys()]).toEqual(['p1', 'p2', 'p3']);
    for (const v of out.values()) {
      expect(v.code).toBe('TEAM_FACTION_MISMATCH');
      expect(v.players).toEqual(['p1', 'p2', 'p3']);
      expect(v.cards).toEqual([boris.cardId, gorebelly.cardId, elendril.cardId]);
      expect(v.message).toBe(
        'Team Trio: all heroes of a team must belong to one faction, but Ann (Boris Brightbeard, Alliance), Bob (Gorebelly, Horde), Cy (Elendril, Alliance) do not.',
      );
    }
  });

  it('rule: 3v3 with three heroes of one faction is legal', () => {
    expect(teamFactionViolations('Trio', [member('p1', 'Ann', boris), member('p2', 'Bob', dizdemona), member('p3', 'Cy', elendril)]).size).toBe(0);
  });

  it('rule: a Neutral hero (Hunt for Illidan) with an Alliance hero is a mismatch: Neutral is a faction of its own', () => {
    const out = teamFactionViolations('Lions', [member('p1', 'Ann', pinprik), member('p2', 'Bob', boris)]);
    expect([...out.keys()]).toEqual(['p1', 'p2']);
    expect(out.get('p1')?.cards).toEqual([pinprik.cardId, boris.cardId]);
    expect(out.get('p1')?.message).toContain('Ann (Imp Lord Pinprik, Neutral)');
  });

  it('rule: a Neutral hero with a Horde hero is a mismatch too', () => {
    expect(teamFactionViolations('Wolves', [member('p1', 'Ann', gorebelly), member('p2', 'Bob', pinprik)]).size).toBe(2);
  });

  it('rule: a hero without a printed faction (null) differs from a faction hero, and is shown as "no faction"', () => {
    // A real hero with its faction removed: no shipped WoW TCG hero lacks one.
    const factionless = { cardId: boris.cardId, name: boris.name, faction: null };
    const out = teamFactionViolations('Lions', [{ playerId: 'p1', name: 'Ann', hero: factionless }, member('p2', 'Bob', dizdemona)]);
    expect(out.size).toBe(2);
    expect(out.get('p2')?.message).toContain('Ann (Boris Brightbeard, no faction)');
    const both = teamFactionViolations('Lions', [
      { playerId: 'p1', name: 'Ann', hero: factionless },
      { playerId: 'p2', name: 'Bob', hero: { ...factionless, cardId: dizdemona.cardId, name: dizdemona.name } },
    ]);
    expect(both.size).toBe(0);
  });

  it('rule: factions compare exactly as printed (two copies of the same hero in one team are legal)', () => {
    expect(teamFactionViolations('Twins', [member('p1', 'Ann', grennan), member('p2', 'Bob', grennan)]).size).toBe(0);
  });
});
