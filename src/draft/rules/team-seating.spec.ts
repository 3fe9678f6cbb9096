import { DomainError } from '../../common/errors/domain-error';
import { rngFor } from '../../common/random/seeded-rng';
import type { PodSeating } from './seating';
import { assignTeamSeats, splitTeamsIntoPods, teammatesApart, TEAM_SIZES, type TeamPodSize, type TeamSize } from './team-seating';

const SEED = '00112233445566778899aabbccddeeff';
/** Many seeds, so the seating rules are checked over many shuffles, not one lucky draw. */
const SEEDS = Array.from({ length: 40 }, (_, i) => `seed${i.toString(16).padStart(4, '0')}`);

/** `n` teams of `size` members: team "T1" has members "T1.1", "T1.2", … */
const makeTeams = (n: number, size: number): string[][] => Array.from({ length: n }, (_, t) => Array.from({ length: size }, (_, m) => `T${t + 1}.${m + 1}`));
/** The team of a member id ("T3.2" → "T3"), null for a bot seat. */
const teamOf = (seat: string | null): string | null => (seat === null ? null : seat.split('.')[0]);
const teamsOfSeats = (pod: PodSeating<string>): (string | null)[] => pod.seats.map(teamOf);

/** Catches the error thrown by `fn` (fails the test when nothing is thrown). */
function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (e) {
    return e;
  }
  throw new Error('expected a throw');
}
const domainCode = (fn: () => unknown): string => {
  const e = thrown(fn);
  expect(e).toBeInstanceOf(DomainError);
  return (e as DomainError).code;
};

describe('splitTeamsIntoPods', () => {
  describe('2v2 (at most 4 teams = 8 seats per pod)', () => {
    const expected: Record<number, number[]> = {
      2: [2],
      3: [3],
      4: [4],
      5: [3, 2],
      6: [3, 3],
      7: [4, 3],
      8: [4, 4],
      9: [3, 3, 3],
      10: [4, 3, 3],
      11: [4, 4, 3],
      12: [4, 4, 4],
    };

    it.each(Object.entries(expected).map(([n, sizes]) => [Number(n), sizes] as const))('rule: %i teams split into pods of %j teams', (n, sizes) => {
      expect(splitTeamsIntoPods(n, 2)).toEqual(sizes.map((teams) => ({ teams, bots: 0 })));
    });

    it('rule: for 2..12 teams, no pod holds more than 4 teams, and every pod holds at least 2', () => {
      for (let n = 2; n <= 12; n++) {
        for (const pod of splitTeamsIntoPods(n, 2)) {
          expect(pod.teams).toBeLessThanOrEqual(4);
          expect(pod.teams).toBeGreaterThanOrEqual(2);
          expect(pod.bots).toBe(0);
        }
      }
    });

    it('rule: the fewest pods are used (ceil(teams / 4))', () => {
      for (let n = 2; n <= 12; n++) expect(splitTeamsIntoPods(n, 2)).toHaveLength(Math.ceil(n / 4));
    });

    it('rule: pod sizes are as equal as possible (differ by at most one team)', () => {
      for (let n = 2; n <= 12; n++) {
        const sizes = splitTeamsIntoPods(n, 2).map((p) => p.teams);
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      }
    });

    it('rule: larger pods come first', () => {
      for (let n = 2; n <= 12; n++) {
        const sizes = splitTeamsIntoPods(n, 2).map((p) => p.teams);
        expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
      }
    });

    it('rule: every team is placed (the pods add up to the number of teams)', () => {
      for (let n = 2; n <= 12; n++) expect(splitTeamsIntoPods(n, 2).reduce((sum, p) => sum + p.teams, 0)).toBe(n);
    });

    it('rule: allowing bots changes nothing when every pod already holds two teams or more', () => {
      for (let n = 2; n <= 12; n++) expect(splitTeamsIntoPods(n, 2, { fillWithBots: true })).toEqual(splitTeamsIntoPods(n, 2));
    });
  });

  describe('3v3 (at most 2 teams = 6 seats per pod)', () => {
    it('rule: an even number of teams seats 2 teams in every pod', () => {
      for (const n of [2, 4, 6, 8, 10, 12]) {
        expect(splitTeamsIntoPods(n, 3)).toEqual(Array.from({ length: n / 2 }, () => ({ teams: 2, bots: 0 })));
      }
    });

    it('rule: an odd number of teams is refused with TEAM_PODS_UNBALANCED when bots are not allowed', () => {
      for (const n of [3, 5, 7, 9, 11]) expect(domainCode(() => splitTeamsIntoPods(n, 3))).toBe('TEAM_PODS_UNBALANCED');
    });

    it('rule: TEAM_PODS_UNBALANCED explains the pods and suggests one team more or fewer', () => {
      const e = thrown(() => splitTeamsIntoPods(5, 3)) as DomainError;
      expect(e.code).toBe('TEAM_PODS_UNBALANCED');
      expect(e.message).toContain('Register 6 or 4 teams');
      expect(e.details).toEqual([{ field: 'teams', rule: 'alternatingSeats', message: 'pods of 2, 2, 1 teams: a pod of one team cannot alternate' }]);
    });

    it('rule: with bots, an odd number of teams leaves one last pod of {teams: 1, bots: 3}', () => {
      expect(splitTeamsIntoPods(3, 3, { fillWithBots: true })).toEqual([
        { teams: 2, bots: 0 },
        { teams: 1, bots: 3 },
      ]);
      for (const n of [3, 5, 7, 9, 11]) {
        const pods = splitTeamsIntoPods(n, 3, { fillWithBots: true });
        expect(pods.slice(0, -1).every((p) => p.teams === 2 && p.bots === 0)).toBe(true);
        expect(pods[pods.length - 1]).toEqual({ teams: 1, bots: 3 });
        expect(pods.filter((p) => p.teams === 1)).toHaveLength(1);
        expect(pods.reduce((sum, p) => sum + p.teams, 0)).toBe(n);
      }
    });
  });

  describe('too few teams', () => {
    it.each(TEAM_SIZES.map((s) => [s]))('rule: no team at all is NOT_ENOUGH_PLAYERS, bots or not (team size %i)', (size: TeamSize) => {
      expect(domainCode(() => splitTeamsIntoPods(0, size))).toBe('NOT_ENOUGH_PLAYERS');
      expect(domainCode(() => splitTeamsIntoPods(0, size, { fillWithBots: true }))).toBe('NOT_ENOUGH_PLAYERS');
    });

    it.each(TEAM_SIZES.map((s) => [s]))('rule: a single team without bots is NOT_ENOUGH_PLAYERS (team size %i)', (size: TeamSize) => {
      const e = thrown(() => splitTeamsIntoPods(1, size)) as DomainError;
      expect(e).toBeInstanceOf(DomainError);
      expect(e.code).toBe('NOT_ENOUGH_PLAYERS');
      expect(e.details).toEqual([{ field: 'teams', rule: 'minTeams', message: 'at least 2 complete teams expected, got 1' }]);
    });

    it.each(TEAM_SIZES.map((s) => [s]))('rule: a single team with bots gets one pod of {teams: 1, bots: team size} (team size %i)', (size: TeamSize) => {
      expect(splitTeamsIntoPods(1, size, { fillWithBots: true })).toEqual([{ teams: 1, bots: size }]);
    });
  });

  describe('bad input (a caller bug)', () => {
    it('rule: teams must be a non-negative safe integer (RangeError)', () => {
      for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
        expect(() => splitTeamsIntoPods(bad, 2)).toThrow(RangeError);
      }
    });

    it('rule: team size must be 2 or 3 (RangeError)', () => {
      for (const bad of [0, 1, 4, 2.5]) expect(() => splitTeamsIntoPods(4, bad as TeamSize)).toThrow(RangeError);
    });

    it('rule: a maxPodSize too small to seat two teams is a RangeError', () => {
      expect(() => splitTeamsIntoPods(4, 2, { maxPodSize: 3 })).toThrow(RangeError);
      expect(() => splitTeamsIntoPods(4, 3, { maxPodSize: 5 })).toThrow(RangeError);
    });

    it('rule: bad input is a RangeError, not a DomainError, even when there are also too few teams', () => {
      expect(() => splitTeamsIntoPods(-1, 2)).toThrow(RangeError);
      expect(() => splitTeamsIntoPods(1, 4 as TeamSize)).toThrow(RangeError);
    });
  });

  it('rule: a larger maxPodSize seats more teams per pod (3v3 in pods of 9: 3 teams)', () => {
    expect(splitTeamsIntoPods(7, 3, { maxPodSize: 9 })).toEqual([
      { teams: 3, bots: 0 },
      { teams: 2, bots: 0 },
      { teams: 2, bots: 0 },
    ]);
  });
});

describe('assignTeamSeats', () => {
  /** Every seating to check: [label, teams, team size, fillWithBots]. */
  const CASES: [string, number, TeamSize, boolean][] = [
    ...Array.from({ length: 8 }, (_, i) => [`2v2, ${i + 2} teams`, i + 2, 2 as TeamSize, false] as [string, number, TeamSize, boolean]),
    ['3v3, 2 teams', 2, 3, false],
    ['3v3, 4 teams', 4, 3, false],
    ['3v3, 6 teams', 6, 3, false],
    ['2v2, a lone team with bots', 1, 2, true],
    ['3v3, a lone team with bots', 1, 3, true],
    ['3v3, 3 teams with bots (one pod of two teams, one lone team)', 3, 3, true],
  ];
  const seat = (n: number, size: TeamSize, bots: boolean, seed: string): { teams: string[][]; pods: TeamPodSize[]; seating: PodSeating<string>[] } => {
    const teams = makeTeams(n, size);
    const pods = splitTeamsIntoPods(n, size, { fillWithBots: bots });
    return { teams, pods, seating: assignTeamSeats(teams, pods, rngFor(seed, 'pods')) };
  };

  describe.each(CASES)('%s', (_label, n, size, bots) => {
    it('rule: every member is seated exactly once, and only bots fill the other seats', () => {
      for (const seed of SEEDS) {
        const { teams, seating } = seat(n, size, bots, seed);
        const seated = seating.flatMap((p) => p.seats).filter((s): s is string => s !== null);
        expect([...seated].sort()).toEqual(teams.flat().sort());
      }
    });

    it('rule: a pod has teams × team size seats, plus its bots; pods are numbered 1, 2, …', () => {
      for (const seed of SEEDS) {
        const { pods, seating } = seat(n, size, bots, seed);
        expect(seating.map((p) => p.pod)).toEqual(pods.map((_, i) => i + 1));
        seating.forEach((p, i) => {
          expect(p.seats).toHaveLength(pods[i].teams * size + pods[i].bots);
          expect(p.seats.filter((s) => s === null)).toHaveLength(pods[i].bots);
        });
      }
    });

    it('rule: a pod seats whole teams (all members of a team in the same pod)', () => {
      for (const seed of SEEDS) {
        const { seating } = seat(n, size, bots, seed);
        const podOfTeam = new Map<string, number>();
        for (const p of seating) {
          for (const s of p.seats) {
            const team = teamOf(s);
            if (team === null) continue;
            expect(podOfTeam.get(team) ?? p.pod).toBe(p.pod);
            podOfTeam.set(team, p.pod);
          }
        }
        expect(podOfTeam.size).toBe(n);
      }
    });

    it('rule: teammates never sit next to each other (seats s and s+1 mod n, wrap included)', () => {
      for (const seed of SEEDS) {
        for (const p of seat(n, size, bots, seed).seating) {
          const teamOfSeat = teamsOfSeats(p);
          expect(teammatesApart(teamOfSeat)).toBe(true);
          // The same rule spelled out seat by seat, independently of teammatesApart.
          teamOfSeat.forEach((team, s) => {
            const next = teamOfSeat[(s + 1) % teamOfSeat.length];
            if (team !== null) expect(next).not.toBe(team);
          });
        }
      }
    });

    it('rule: with k teams in a pod, seat s and seat s+k belong to the same team (round-robin)', () => {
      for (const seed of SEEDS) {
        const { pods, seating } = seat(n, size, bots, seed);
        seating.forEach((p, i) => {
          const k = pods[i].teams;
          if (k < 2) return; // lone team: see the bot-seat rule
          const teamOfSeat = teamsOfSeats(p);
          for (let s = 0; s + k < teamOfSeat.length; s++) expect(teamOfSeat[s + k]).toBe(teamOfSeat[s]);
          // …and the first k seats are k different teams.
          expect(new Set(teamOfSeat.slice(0, k)).size).toBe(k);
        });
      }
    });

    it('rule: the same seed gives the same seating', () => {
      for (const seed of SEEDS.slice(0, 10)) expect(seat(n, size, bots, seed).seating).toEqual(seat(n, size, bots, seed).seating);
    });

    it('rule: different seeds give different seatings (at least some of them)', () => {
      const distinct = new Set(SEEDS.map((seed) => JSON.stringify(seat(n, size, bots, seed).seating)));
      expect(distinct.size).toBeGreaterThan(1);
    });
  });

  it('rule: with 2 teams (2v2) the table is strictly A, B, A, B', () => {
    for (const seed of SEEDS) {
      const [pod] = seat(2, 2, false, seed).seating;
      const t = teamsOfSeats(pod);
      expect(t[0]).not.toBe(t[1]);
      expect(t).toEqual([t[0], t[1], t[0], t[1]]);
    }
  });

  it('rule: with 2 teams (3v3) the table is strictly A, B, A, B, A, B', () => {
    for (const seed of SEEDS) {
      const [pod] = seat(2, 3, false, seed).seating;
      const t = teamsOfSeats(pod);
      expect(t[0]).not.toBe(t[1]);
      expect(t).toEqual([t[0], t[1], t[0], t[1], t[0], t[1]]);
    }
  });

  it('rule: a lone team with bots sits at the even seats, bots (null) at the odd seats', () => {
    for (const size of TEAM_SIZES) {
      for (const seed of SEEDS) {
        const { teams, seating } = seat(1, size, true, seed);
        expect(seating).toHaveLength(1);
        const { seats } = seating[0];
        expect(seats).toHaveLength(2 * size);
        seats.forEach((s, i) => (i % 2 === 0 ? expect(s).not.toBeNull() : expect(s).toBeNull()));
        expect(seats.filter((s) => s !== null).sort()).toEqual([...teams[0]].sort());
      }
    }
  });

  it('rule: in a mixed 3v3 draft with bots, the lone team is the last pod and sits A, bot, A, bot, A, bot', () => {
    for (const seed of SEEDS) {
      const { seating } = seat(5, 3, true, seed);
      expect(seating.map((p) => p.seats.length)).toEqual([6, 6, 6]);
      const last = teamsOfSeats(seating[2]);
      expect(last[0]).not.toBeNull();
      expect(last).toEqual([last[0], null, last[0], null, last[0], null]);
    }
  });

  it('rule: teams and members are shuffled (different seeds put different teams and members at seat 0)', () => {
    const firstSeats = new Set(SEEDS.map((seed) => seat(4, 2, false, seed).seating[0].seats[0]));
    expect(firstSeats.size).toBeGreaterThan(2);
    // Both members of a team reach seat 0 over the seeds, not only the first listed.
    expect([...firstSeats].some((s) => s?.endsWith('.2'))).toBe(true);
  });

  it('rule: the input teams are left untouched', () => {
    const teams = makeTeams(4, 2);
    const copy = teams.map((t) => [...t]);
    assignTeamSeats(teams, splitTeamsIntoPods(4, 2), rngFor(SEED, 'pods'));
    expect(teams).toEqual(copy);
  });

  it('rule: pod sizes that do not add up to the teams are a RangeError', () => {
    const teams = makeTeams(4, 2);
    expect(() => assignTeamSeats(teams, [{ teams: 3, bots: 0 }], rngFor(SEED, 'pods'))).toThrow(RangeError);
    expect(() => assignTeamSeats(teams, [{ teams: 5, bots: 0 }], rngFor(SEED, 'pods'))).toThrow(RangeError);
  });

  it('rule: teams of different sizes, or empty teams, are a RangeError', () => {
    expect(() => assignTeamSeats([['a', 'b'], ['c']], [{ teams: 2, bots: 0 }], rngFor(SEED, 'pods'))).toThrow(RangeError);
    expect(() => assignTeamSeats([[], []], [{ teams: 2, bots: 0 }], rngFor(SEED, 'pods'))).toThrow(RangeError);
  });

  it('rule: no teams and no pods seat nothing', () => {
    expect(assignTeamSeats([], [], rngFor(SEED, 'pods'))).toEqual([]);
  });
});

describe('teammatesApart', () => {
  it('rule: alternating teams are apart', () => {
    expect(teammatesApart(['A', 'B', 'A', 'B'])).toBe(true);
    expect(teammatesApart(['A', 'B', 'C', 'A', 'B', 'C'])).toBe(true);
  });

  it('rule: two teammates side by side are not apart', () => {
    expect(teammatesApart(['A', 'A', 'B', 'B'])).toBe(false);
    expect(teammatesApart(['A', 'B', 'B', 'A', 'C', 'C'])).toBe(false);
  });

  it('rule: the table wraps: the last seat sits next to seat 0', () => {
    expect(teammatesApart(['A', 'B', 'A'])).toBe(false);
    expect(teammatesApart(['A', 'B', 'C', 'B', 'A'])).toBe(false);
    expect(teammatesApart(['A', 'B', 'C', 'B'])).toBe(true);
  });

  it('rule: bot seats (null) belong to no team: bots may sit together and separate teammates', () => {
    expect(teammatesApart(['A', null, 'A', null])).toBe(true);
    expect(teammatesApart(['A', null, null, 'B'])).toBe(true);
    expect(teammatesApart([null, null])).toBe(true);
    expect(teammatesApart(['A', null, 'A', 'A'])).toBe(false);
  });

  it('rule: an empty table and a single seat are apart', () => {
    expect(teammatesApart([])).toBe(true);
    expect(teammatesApart(['A'])).toBe(true);
  });
});
