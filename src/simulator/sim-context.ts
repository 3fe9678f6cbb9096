/**
 * The state one simulation run shares between its phases: the clients, the event, the players,
 * the problems found so far, and the simulator's own seeded streams.
 */
import { rngFor, type Rng } from '../common/random/seeded-rng';
import type { Competitor, SimPlayer, SimTeam } from './api-types';
import { ApiClient } from './http-client';
import type { SimulationOptions } from './options';
import { SILENT, type Progress } from './progress';

export class SimContext {
  /** Public routes (no token). */
  readonly anonymous: ApiClient;
  /** The organizer's client. */
  readonly organizer: ApiClient;
  readonly progress: Progress;
  eventId = '';
  players: SimPlayer[] = [];
  /** Team events: the teams (empty in a solo event). */
  teams: SimTeam[] = [];
  /** Inconsistencies seen so far, in words (the run fails when any). */
  readonly problems: string[] = [];
  /** Counters for the summary. */
  readonly stats: Record<string, number> = {};

  constructor(readonly options: SimulationOptions) {
    this.anonymous = new ApiClient(options.baseUrl);
    this.organizer = this.anonymous.as(options.organizerToken);
    this.progress = options.progress ?? SILENT;
  }

  /** A stream of the simulator's own choices: `rngFor(seed, "simulator/" + purpose)`. */
  rng(purpose: string): Rng {
    return rngFor(this.options.seed, `simulator/${purpose}`);
  }

  /** Whether this is a team event (--team-size). */
  get teamEvent(): boolean {
    return this.options.teamSize !== undefined;
  }

  /** Who plays the matches: the teams in a team event, else every player on their own. */
  competitors(): Competitor[] {
    if (this.teamEvent) return this.teams.map((t) => ({ id: t.teamId, name: t.name, members: t.members }));
    return this.players.map((p) => ({ id: p.playerId, name: p.name, members: [p] }));
  }

  /** The team of a player, if any. */
  teamOf(player: SimPlayer): SimTeam | undefined {
    return this.teams.find((t) => t.teamId === player.teamId);
  }

  /** The client of a player. */
  client(player: SimPlayer): ApiClient {
    return this.anonymous.as(player.token);
  }

  /** Records an inconsistency. */
  problem(message: string): void {
    this.problems.push(message);
    this.progress.note(`PROBLEM: ${message}`);
  }

  /** Adds to a counter of the summary. */
  count(name: string, by = 1): void {
    this.stats[name] = (this.stats[name] ?? 0) + by;
  }

  /** `/events/<id><rest>` */
  path(rest = ''): string {
    return `/events/${this.eventId}${rest}`;
  }
}
