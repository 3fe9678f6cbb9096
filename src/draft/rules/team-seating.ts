/**
 * Team draft seating (docs/rules.md, "Team play": seats alternate teams A, B, A, B…; the
 * WoW TCG "Multiplayer Rules"). Pods hold whole teams; within a pod the members sit round-robin —
 * first member of each team, then the second of each team, … — so with k ≥ 2 teams no two
 * teammates are ever next to each other, including across the wrap from the last seat to seat 0.
 * Pure; the stream is the event's `pods` stream, as for solo seating (seating.ts).
 */
import { DomainError } from '../../common/errors/domain-error';
import type { Rng } from '../../common/random/seeded-rng';
import type { PodSeating } from './seating';
import { shuffle } from './seating';

/** Team sizes a team event may have (2v2, 3v3). */
export const TEAM_SIZES = [2, 3] as const;
export type TeamSize = (typeof TEAM_SIZES)[number];

/** One pod of a team draft: how many teams, and whether bots fill the other side (a lone team). */
export interface TeamPodSize {
  teams: number;
  /** Bot seats: a lone team (only with bots allowed) sits A, bot, A, bot…; otherwise 0. */
  bots: number;
}

/**
 * The pods of a team draft, larger pods first. A pod seats at most `floor(maxPodSize / teamSize)`
 * teams (2v2: 4 teams = 8 seats; 3v3: 2 teams = 6 seats); the fewest pods are used and teams are
 * spread as evenly as possible (`teams mod k` pods get one team more): 2v2 with 5 teams → 3, 2;
 * 3v3 with 4 teams → 2, 2.
 *
 * A pod needs two teams to alternate. A pod left with a single team (3v3 with an odd number of
 * teams, or one team in all) is refused up front unless bots are allowed; with bots that team's
 * members sit between bot seats (A, bot, A, bot…), the bots playing the other side.
 *
 * @param teams number of complete teams, a non-negative integer.
 * @param teamSize members per team (2 or 3).
 * @returns one `{ teams, bots }` per pod, pod 1 first.
 * @throws DomainError NOT_ENOUGH_PLAYERS (409) with no team, or with one team and no bots;
 *   TEAM_PODS_UNBALANCED (409) when a pod would hold a single team and bots are not allowed.
 */
export function splitTeamsIntoPods(teams: number, teamSize: TeamSize, opts: { fillWithBots?: boolean; maxPodSize?: number } = {}): TeamPodSize[] {
  const { fillWithBots = false, maxPodSize = 8 } = opts;
  if (!Number.isSafeInteger(teams) || teams < 0) throw new RangeError(`teams: non-negative integer expected, got ${teams}`);
  if (!(TEAM_SIZES as readonly number[]).includes(teamSize)) throw new RangeError(`teamSize: 2 or 3 expected, got ${teamSize}`);
  if (!Number.isSafeInteger(maxPodSize)) throw new RangeError(`maxPodSize: integer expected, got ${maxPodSize}`);
  const perPod = Math.floor(maxPodSize / teamSize);
  if (perPod < 2) throw new RangeError(`maxPodSize ${maxPodSize} cannot seat two teams of ${teamSize}`);
  const needed = fillWithBots ? 1 : 2;
  if (teams < needed) {
    throw new DomainError('NOT_ENOUGH_PLAYERS', `A team draft pod needs at least ${needed} complete team${needed === 1 ? '' : 's'}; ${teams} registered`, [
      { field: 'teams', rule: 'minTeams', message: `at least ${needed} complete teams expected, got ${teams}` },
    ]);
  }
  const pods = Math.ceil(teams / perPod);
  const base = Math.floor(teams / pods);
  const larger = teams % pods;
  const sizes = Array.from({ length: pods }, (_, i) => base + (i < larger ? 1 : 0));
  const lone = sizes.filter((n) => n === 1).length;
  if (lone > 0 && !fillWithBots) {
    throw new DomainError(
      'TEAM_PODS_UNBALANCED',
      `${teams} teams of ${teamSize} cannot all alternate: pods hold at most ${perPod} teams, so one pod would seat a single team. Register ${teams + 1} or ${teams - 1} teams, or allow bots to fill the other side.`,
      [{ field: 'teams', rule: 'alternatingSeats', message: `pods of ${sizes.join(', ')} teams: a pod of one team cannot alternate` }],
    );
  }
  return sizes.map((n) => ({ teams: n, bots: n === 1 ? teamSize : 0 }));
}

/**
 * Seats whole teams: shuffle the teams (seating.ts shuffle), then each team's members (in the order
 * given, team by team in shuffled order), from the same stream; pod 1 takes the first teams, and so
 * on. In a pod of k teams with members in shuffled order, member m of the j-th team sits at seat
 * `m·k + j`; a lone team with bots sits at the even seats, bots at the odd ones.
 *
 * @param teams each team's members in a stable order (e.g. by registration number); teams in a
 *   stable order (e.g. by team number): the result depends on both.
 * @param podSizes from splitTeamsIntoPods; their teams must add up to teams.length.
 * @param rng the event's `pods` stream.
 * @returns one PodSeating per pod (`null` = a bot seat).
 * @throws RangeError when the pod sizes do not add up or the teams differ in size (a caller's bug).
 */
export function assignTeamSeats<T>(teams: readonly (readonly T[])[], podSizes: readonly TeamPodSize[], rng: Rng): PodSeating<T>[] {
  const total = podSizes.reduce((sum, p) => sum + p.teams, 0);
  if (total !== teams.length) throw new RangeError(`podSizes seat ${total} teams, but there are ${teams.length}`);
  const size = teams[0]?.length ?? 0;
  if (podSizes.some((p) => !Number.isSafeInteger(p.teams) || p.teams < 1 || p.bots !== (p.teams === 1 ? size : 0)))
    throw new RangeError('podSizes: from splitTeamsIntoPods expected (≥ 1 team; bots only for a lone team, one per member)');
  if (teams.some((t) => t.length !== size || t.length === 0)) throw new RangeError('teams: every team needs the same, non-zero number of members');
  const order = shuffle(teams, rng).map((members) => shuffle(members, rng));
  let next = 0;
  return podSizes.map((pod, i) => {
    const tables = order.slice(next, next + pod.teams);
    next += pod.teams;
    const seats: (T | null)[] =
      pod.teams === 1 ? tables[0].flatMap((member) => [member, null]) : Array.from({ length: pod.teams * size }, (_, s) => tables[s % pod.teams][Math.floor(s / pod.teams)]);
    return { pod: i + 1, seats };
  });
}

/**
 * True when no two seats next to each other (seat n−1 next to seat 0) belong to the same team.
 * @param teamOfSeat the team of each seat, null for a bot.
 */
export function teammatesApart(teamOfSeat: readonly (string | null)[]): boolean {
  return teamOfSeat.every((team, s) => team === null || team !== teamOfSeat[(s + 1) % teamOfSeat.length] || teamOfSeat.length === 1);
}
