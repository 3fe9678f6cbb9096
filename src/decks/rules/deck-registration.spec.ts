import { placeSubmission, soloViolations, teamRegistration, type TeamDeck, type TeamRegistrationInput } from './deck-registration';
import { card } from './testing/shipped-cards';
import type { DeckCard, Violation } from './types';

// Real heroes of the shipped set files (data/sets).
const boris = card('HOA', 'Boris Brightbeard'); // Alliance
const dizdemona = card('HOA', 'Dizdemona'); // Alliance
const gorebelly = card('HOA', 'Gorebelly'); // Horde
const grennan = card('HOA', 'Grennan Stormspeaker'); // Horde

const hero = (c: DeckCard) => ({ cardId: c.cardId, name: c.name, faction: (c.attributes as { faction?: string }).faction ?? null });
const deck = (id: string, playerId: string, h: DeckCard, soloLegal = true): TeamDeck => ({ id, playerId, hero: hero(h), soloLegal });
const members = [
  { playerId: 'ann', name: 'Ann' },
  { playerId: 'bob', name: 'Bob' },
];
const lions = (input: Omit<TeamRegistrationInput, 'teamName' | 'members'>, team = members) => teamRegistration({ teamName: 'Lions', members: team, ...input });

describe('REGISTERED_DECK_KEPT (placeSubmission)', () => {
  it('rule: a submission that passes every rule is registered, with or without a registered deck before', () => {
    expect(placeSubmission(true, true)).toBe('registered');
    expect(placeSubmission(true, false)).toBe('registered');
  });

  it('rule: a submission that breaks a rule never replaces a registered legal deck: it becomes the working copy', () => {
    expect(placeSubmission(false, true)).toBe('working-copy');
  });

  it('rule: with no legal deck yet, an illegal submission is the deck of record, not registered', () => {
    expect(placeSubmission(false, false)).toBe('unregistered');
  });

  it('the solo rules are every rule but the team faction rule', () => {
    const v = (code: Violation['code']): Violation => ({ code, message: code, cards: [] });
    expect(soloViolations([v('DECK_TOO_SMALL'), v('TEAM_FACTION_MISMATCH'), v('CARD_NOT_IN_POOL')]).map((x) => x.code)).toEqual(['DECK_TOO_SMALL', 'CARD_NOT_IN_POOL']);
  });
});

describe('TEAM_REGISTRATION (teamRegistration)', () => {
  it('rule: a submission of the registered teammate’s faction is registered', () => {
    const out = lions({ registered: [deck('reg:ann', 'ann', boris)], unregistered: [deck('submission', 'bob', dizdemona)], submission: 'submission' });
    expect(out.registers).toEqual(['submission']);
    expect(out.teamViolations.size).toBe(0);
  });

  it('rule: a submission of another faction is not registered and the teammate’s registered deck is untouched; its violation names both', () => {
    const out = lions({
      registered: [deck('reg:ann', 'ann', boris), deck('reg:bob', 'bob', dizdemona)],
      unregistered: [deck('submission', 'bob', gorebelly)],
      submission: 'submission',
    });
    expect(out.registers).toEqual([]);
    const v = out.teamViolations.get('submission')!;
    expect(v).toMatchObject({ code: 'TEAM_FACTION_MISMATCH', players: ['ann', 'bob'], cards: [boris.cardId, gorebelly.cardId] });
    expect(v.message).toContain('Team Lions');
    expect(out.teamViolations.has('reg:ann')).toBe(false); // registered decks get no verdict: they do not change
  });

  it('rule: a submission that breaks a solo rule is never registered, and still gets its team verdict', () => {
    const out = lions({ registered: [deck('reg:ann', 'ann', boris)], unregistered: [deck('submission', 'bob', gorebelly, false)], submission: 'submission' });
    expect(out.registers).toEqual([]);
    expect(out.teamViolations.get('submission')?.code).toBe('TEAM_FACTION_MISMATCH');
  });

  it('rule: the whole team changes faction: a submission is registered together with the teammate’s deck waiting for the team', () => {
    // Ann registered Alliance, then submitted a Horde deck: refused by the team rule (Bob is Alliance), kept waiting.
    const out = lions({
      registered: [deck('reg:ann', 'ann', boris), deck('reg:bob', 'bob', dizdemona)],
      unregistered: [deck('submission', 'bob', grennan), deck('working:ann', 'ann', gorebelly)],
      submission: 'submission',
    });
    expect(out.registers).toEqual(['submission', 'working:ann']);
    expect(out.teamViolations.size).toBe(0);
  });

  it('rule: a waiting deck that breaks a solo rule is not registered with the submission; the submission alone is checked against the registered decks', () => {
    const out = lions({
      registered: [deck('reg:ann', 'ann', boris), deck('reg:bob', 'bob', dizdemona)],
      unregistered: [deck('submission', 'bob', grennan), deck('working:ann', 'ann', gorebelly, false)],
      submission: 'submission',
    });
    expect(out.registers).toEqual([]);
    expect(out.teamViolations.get('submission')?.players).toEqual(['ann', 'bob']);
    // Ann's Horde working copy is measured against the registered decks: Bob's Alliance deck still is one.
    expect(out.teamViolations.get('working:ann')).toMatchObject({ code: 'TEAM_FACTION_MISMATCH', players: ['ann', 'bob'] });
  });

  it('rule: a submission that fits the registered decks is registered while a teammate’s waiting deck of another faction keeps waiting', () => {
    const out = lions({
      registered: [deck('reg:ann', 'ann', boris), deck('reg:bob', 'bob', dizdemona)],
      unregistered: [deck('submission', 'bob', boris), deck('working:ann', 'ann', gorebelly)],
      submission: 'submission',
    });
    expect(out.registers).toEqual(['submission']);
    expect(out.teamViolations.get('working:ann')).toMatchObject({ code: 'TEAM_FACTION_MISMATCH', players: ['ann', 'bob'] });
  });

  it('rule: a teammate without a registered deck does not hold back a submission; their unregistered deck then carries the mismatch', () => {
    const out = lions({ registered: [], unregistered: [deck('submission', 'bob', dizdemona), deck('deck:ann', 'ann', gorebelly, false)], submission: 'submission' });
    expect(out.registers).toEqual(['submission']);
    expect(out.teamViolations.get('deck:ann')).toMatchObject({ code: 'TEAM_FACTION_MISMATCH' });
  });

  it('rule: a recheck registers a waiting deck once the team rule lets it (a teammate’s registered deck left the team’s registered decks)', () => {
    const out = lions({ registered: [], unregistered: [deck('working:ann', 'ann', gorebelly), deck('deck:bob', 'bob', dizdemona, false)] });
    expect(out.registers).toEqual(['working:ann']);
    expect(out.teamViolations.get('deck:bob')).toMatchObject({ code: 'TEAM_FACTION_MISMATCH' });
  });

  it('only a member’s newest unregistered deck may be registered; an older one only gets its verdict', () => {
    const out = lions({ registered: [], unregistered: [deck('working:ann', 'ann', boris, false), deck('deck:ann', 'ann', gorebelly)] });
    expect(out.registers).toEqual([]);
    expect([...out.teamViolations.keys()]).toEqual(['working:ann', 'deck:ann']);
  });

  it('3v3: the team changes faction when the last member submits, with both waiting decks', () => {
    const three = [...members, { playerId: 'cid', name: 'Cid' }];
    const out = lions(
      {
        registered: [deck('reg:ann', 'ann', boris), deck('reg:bob', 'bob', dizdemona), deck('reg:cid', 'cid', boris)],
        unregistered: [deck('submission', 'cid', gorebelly), deck('working:ann', 'ann', grennan), deck('working:bob', 'bob', gorebelly)],
        submission: 'submission',
      },
      three,
    );
    expect(out.registers).toEqual(['submission', 'working:ann', 'working:bob']);
  });
});
