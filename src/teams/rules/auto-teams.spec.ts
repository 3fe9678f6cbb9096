import { rngFor } from '../../common/random/seeded-rng';
import { shuffle } from '../../draft/rules/seating';
import { autoTeamsPurpose, groupIntoTeams } from './auto-teams';

const SEED = '00112233445566778899aabbccddeeff';
const SEEDS = Array.from({ length: 30 }, (_, i) => `seed${i.toString(16).padStart(4, '0')}`);
const players = (n: number) => Array.from({ length: n }, (_, i) => `p${i + 1}`);

describe('autoTeamsPurpose', () => {
  it('rule: the stream is named by the number of the first new team', () => {
    expect(autoTeamsPurpose(1)).toBe('teams/auto/from-team-1');
    expect(autoTeamsPurpose(4)).toBe('teams/auto/from-team-4');
  });

  it('rule: each first team number names its own stream', () => {
    expect(autoTeamsPurpose(1)).not.toBe(autoTeamsPurpose(4));
  });
});

describe('groupIntoTeams', () => {
  it('rule: 7 players in teams of 2 make 3 full teams and leave 1 player over', () => {
    const { teams, leftover } = groupIntoTeams(players(7), 2, rngFor(SEED, autoTeamsPurpose(1)));
    expect(teams).toHaveLength(3);
    for (const t of teams) expect(t).toHaveLength(2);
    expect(leftover).toHaveLength(1);
  });

  it('rule: 7 players in teams of 3 make 2 full teams and leave 1 player over; 6 in teams of 3 leave none', () => {
    const seven = groupIntoTeams(players(7), 3, rngFor(SEED, autoTeamsPurpose(1)));
    expect(seven.teams.map((t) => t.length)).toEqual([3, 3]);
    expect(seven.leftover).toHaveLength(1);
    const six = groupIntoTeams(players(6), 3, rngFor(SEED, autoTeamsPurpose(1)));
    expect(six.teams.map((t) => t.length)).toEqual([3, 3]);
    expect(six.leftover).toEqual([]);
  });

  it('rule: every player is in exactly one team or left over', () => {
    for (const seed of SEEDS) {
      for (const [n, size] of [
        [7, 2],
        [8, 2],
        [7, 3],
        [9, 3],
        [1, 2],
      ]) {
        const { teams, leftover } = groupIntoTeams(players(n), size, rngFor(seed, autoTeamsPurpose(1)));
        expect([...teams.flat(), ...leftover].sort()).toEqual(players(n).sort());
        expect(leftover.length).toBe(n % size);
        expect(teams.length).toBe(Math.floor(n / size));
      }
    }
  });

  it('rule: the teams are the shuffled players (seating shuffle) cut in order, the leftover their tail', () => {
    const shuffled = shuffle(players(7), rngFor(SEED, autoTeamsPurpose(1)));
    expect(groupIntoTeams(players(7), 2, rngFor(SEED, autoTeamsPurpose(1)))).toEqual({
      filled: [],
      teams: [shuffled.slice(0, 2), shuffled.slice(2, 4), shuffled.slice(4, 6)],
      leftover: shuffled.slice(6),
    });
  });

  it('rule: the same seed and purpose always give the same teams', () => {
    for (const seed of SEEDS) {
      const a = groupIntoTeams(players(7), 2, rngFor(seed, autoTeamsPurpose(1)));
      const b = groupIntoTeams(players(7), 2, rngFor(seed, autoTeamsPurpose(1)));
      expect(a).toEqual(b);
    }
  });

  it('rule: different seeds give different teams (at least some of them)', () => {
    const distinct = new Set(SEEDS.map((seed) => JSON.stringify(groupIntoTeams(players(7), 2, rngFor(seed, autoTeamsPurpose(1))))));
    expect(distinct.size).toBeGreaterThan(1);
  });

  it('rule: a later grouping (another first team number) draws afresh: another order for some seed', () => {
    const differs = SEEDS.some(
      (seed) =>
        JSON.stringify(groupIntoTeams(players(7), 2, rngFor(seed, autoTeamsPurpose(1)))) !== JSON.stringify(groupIntoTeams(players(7), 2, rngFor(seed, autoTeamsPurpose(4)))),
    );
    expect(differs).toBe(true);
  });

  it('rule: the result depends on the registration order given', () => {
    const differs = SEEDS.some(
      (seed) =>
        JSON.stringify(groupIntoTeams(players(6), 2, rngFor(seed, autoTeamsPurpose(1)))) !==
        JSON.stringify(groupIntoTeams([...players(6)].reverse(), 2, rngFor(seed, autoTeamsPurpose(1)))),
    );
    expect(differs).toBe(true);
  });

  it('rule: fewer players than a team leaves them all over, no team', () => {
    const { teams, leftover } = groupIntoTeams(['p1'], 2, rngFor(SEED, autoTeamsPurpose(1)));
    expect(teams).toEqual([]);
    expect(leftover).toEqual(['p1']);
  });

  it('rule: no players make no team and leave nobody over', () => {
    expect(groupIntoTeams([], 2, rngFor(SEED, autoTeamsPurpose(1)))).toEqual({ filled: [], teams: [], leftover: [] });
  });

  it('rule: the input list is left untouched', () => {
    const input = players(7);
    groupIntoTeams(input, 2, rngFor(SEED, autoTeamsPurpose(1)));
    expect(input).toEqual(players(7));
  });

  it('rule: the team size must be a positive integer (RangeError)', () => {
    for (const bad of [0, -1, 1.5, Number.NaN]) {
      expect(() => groupIntoTeams(players(4), bad, rngFor(SEED, autoTeamsPurpose(1)))).toThrow(RangeError);
    }
  });

  it('rule: solo players fill the open places of incomplete teams first, in team order, then form new teams', () => {
    const ps = players(6);
    const { filled, teams, leftover } = groupIntoTeams(ps, 3, rngFor(SEED, autoTeamsPurpose(5)), [1, 2]);
    expect(filled.map((f) => f.length)).toEqual([1, 2]);
    expect(teams).toHaveLength(1);
    expect(leftover).toEqual([]);
    expect(new Set([...filled.flat(), ...teams.flat()])).toEqual(new Set(ps));
  });

  it('rule: when players run out, the first incomplete teams are filled and the rest stay short', () => {
    const { filled, teams, leftover } = groupIntoTeams(players(1), 2, rngFor(SEED, autoTeamsPurpose(2)), [1, 1]);
    expect(filled.map((f) => f.length)).toEqual([1, 0]);
    expect(teams).toEqual([]);
    expect(leftover).toEqual([]);
  });
});
