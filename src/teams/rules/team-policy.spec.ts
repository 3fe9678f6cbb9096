import { thrown } from '../../../test/utils/thrown';
import { assertTeamEvent, assertTeamMemberOrOrganizer, assertTeamPoolOpen, assertTeamsOpen, assertTeamSize, assertTeamSplit } from './team-policy';

/** An EVENT_STATE_CONFLICT of field state with its message repeated in the detail. */
const conflict = (message: string, rule: string) => ({ code: 'EVENT_STATE_CONFLICT', message, details: [{ field: 'state', rule, message }] });

describe('team policy: registering and forming teams', () => {
  it('teams exist only in a team event', () => {
    expect(() => assertTeamEvent(2)).not.toThrow();
    expect(thrown(() => assertTeamEvent(null))).toMatchObject(conflict('This is not a team event (create it with "teamSize": 2 or 3)', 'teamEvent'));
  });

  it('teams register before the event starts', () => {
    expect(() => assertTeamsOpen('registration', 'register')).not.toThrow();
    for (const state of ['drafting', 'building', 'playing']) {
      expect(thrown(() => assertTeamsOpen(state, 'register'))).toMatchObject(conflict('Teams register before the event starts', 'registration'));
    }
  });

  it('teams are formed from solo players before the event starts', () => {
    expect(() => assertTeamsOpen('registration', 'form')).not.toThrow();
    expect(thrown(() => assertTeamsOpen('building', 'form'))).toMatchObject(conflict('Teams are formed before the event starts', 'registration'));
  });

  it('a team registers with exactly the event team size', () => {
    expect(() => assertTeamSize(3, 3)).not.toThrow();
    expect(thrown(() => assertTeamSize(3, 2))).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'This event plays teams of 3: give exactly 3 members',
      details: [{ field: 'members', rule: 'teamSize', message: '3 members expected, got 2' }],
    });
    expect(thrown(() => assertTeamSize(2, 3)).details[0].message).toBe('2 members expected, got 3');
  });
});

describe('team policy: who acts for a team', () => {
  const members = [{ id: 'p1' }, { id: 'p2' }];

  it('the organizer acts for any team', () => {
    expect(() => assertTeamMemberOrOrganizer(members, null)).not.toThrow();
  });

  it('a member acts for their own team', () => {
    expect(() => assertTeamMemberOrOrganizer(members, { id: 'p2' })).not.toThrow();
  });

  it('a player of another team does not', () => {
    expect(thrown(() => assertTeamMemberOrOrganizer(members, { id: 'p9' }))).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Only members of the team (or the organizer) may do this',
      details: [{ field: 'authorization', rule: 'teamMember', message: 'not a member of this team' }],
    });
  });
});

describe('team policy: the team pool', () => {
  it('only a pooled team sealed event has a team pool', () => {
    expect(thrown(() => assertTeamPoolOpen({ pooledTeamSealed: false, state: 'building' }))).toMatchObject(
      conflict('Only a pooled team sealed event has a team pool to split', 'pooledTeamSealed'),
    );
  });

  it('the team pool is there once the event starts and its boosters open', () => {
    expect(thrown(() => assertTeamPoolOpen({ pooledTeamSealed: true, state: 'registration' }))).toMatchObject(conflict('The boosters open when the event starts', 'started'));
    for (const state of ['building', 'playing', 'complete']) expect(() => assertTeamPoolOpen({ pooledTeamSealed: true, state })).not.toThrow();
  });

  it('an event without a pooled pool is said before one not started', () => {
    expect(thrown(() => assertTeamPoolOpen({ pooledTeamSealed: false, state: 'registration' })).details[0].rule).toBe('pooledTeamSealed');
  });

  it('a split that shares out the whole pool exactly is accepted', () => {
    const pool = [
      { cardId: 'a', count: 2 },
      { cardId: 'b', count: 1 },
    ];
    const shares = [
      { playerId: 'p1', cards: [{ cardId: 'a', count: 1 }] },
      {
        playerId: 'p2',
        cards: [
          { cardId: 'a', count: 1 },
          { cardId: 'b', count: 1 },
        ],
      },
    ];
    expect(() => assertTeamSplit(pool, ['p1', 'p2'], shares)).not.toThrow();
  });

  it('a split that does not share out the pool exactly is refused with every problem', () => {
    const error = thrown(() => assertTeamSplit([{ cardId: 'a', count: 2 }], ['p1', 'p2'], [{ playerId: 'p1', cards: [{ cardId: 'a', count: 1 }] }]));
    expect(error.code).toBe('TEAM_SPLIT_INVALID');
    expect(error.details.length).toBeGreaterThan(0);
    expect(error.message).toBe(`The split does not share out the team pool exactly (${error.details.length} problem(s))`);
  });
});
