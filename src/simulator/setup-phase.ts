/**
 * Phase 1: the organizer creates the event, N players register (each keeps their own token) — in a
 * team event as N / teamSize teams of consecutive players (POST …/teams), checked against GET
 * …/teams — and the organizer starts it. In a draft one player is chosen to leave before the last pack (the draft
 * phase has the organizer mark them absent then, so a bot picks for them).
 */
import type { SimPlayer, TeamView } from './api-types';
import { eventSeedOf, teamCount } from './options';
import type { SimContext } from './sim-context';
import { registeredTeamProblems } from './team-check';

/** Draft pick timer when the run includes a timeout pick: base 15 s, at least 2 s (real time). */
export const PICK_TIME_SECONDS = 15;
export const MIN_PICK_SECONDS = 2;

const playerName = (n: number): string => `Player ${String(n).padStart(2, '0')}`;

/** Creates, fills and starts the event; returns the player who will leave the draft early, if any. */
export async function setUpEvent(ctx: SimContext): Promise<SimPlayer | null> {
  const o = ctx.options;
  const teams = teamCount(o);
  ctx.progress.phase('register', (teams || o.players) + 2);
  const physical = o.packSource === 'physical';
  const timers = o.format === 'draft' && o.timeoutPick && !physical;
  const event = await ctx.organizer.post<{ id: string }>('/events', {
    name: `Simulated ${o.teamSize ? `${o.teamSize}v${o.teamSize} team ` : ''}${o.format} (${o.game}, seed ${o.seed})`.slice(0, 120),
    game: o.game,
    format: o.format,
    packs: o.packs,
    ...(physical ? { packSource: 'physical' } : {}),
    seed: eventSeedOf(o.seed),
    pickTimeSeconds: timers ? PICK_TIME_SECONDS : 0,
    minPickSeconds: MIN_PICK_SECONDS,
    ...(o.teamSize ? { teamSize: o.teamSize } : {}),
  });
  ctx.eventId = event.id;
  ctx.progress.advance();
  if (o.teamSize) await registerTeams(ctx, o.teamSize, teams);
  for (let n = ctx.players.length + 1; n <= o.players; n++) {
    const name = playerName(n);
    const reg = await ctx.anonymous.post<{ playerId: string; token: string }>(ctx.path('/players'), { name });
    ctx.players.push({ number: n, name, playerId: reg.playerId, token: reg.token });
    ctx.progress.advance();
  }
  if (o.teamSize) for (const p of registeredTeamProblems(await ctx.anonymous.get<TeamView[]>(ctx.path('/teams')), ctx.teams)) ctx.problem(p);
  await ctx.organizer.post(ctx.path('/start'));
  ctx.progress.advance();
  // Nobody leaves a real-booster draft for a bot: there are no bots at a table of real boosters.
  if (o.format !== 'draft' || !o.absentPlayer || physical) return null;
  return ctx.players[ctx.rng('absent').below(ctx.players.length)];
}

/** Team event: registers `count` teams "Team 1"… of `size` consecutive players each (Player 01, 02… as in a solo event). */
async function registerTeams(ctx: SimContext, size: number, count: number): Promise<void> {
  for (let t = 1; t <= count; t++) {
    const name = `Team ${t}`;
    const numbers = Array.from({ length: size }, (_, i) => (t - 1) * size + i + 1);
    const reg = await ctx.anonymous.post<{ teamId: string; name: string; members: { playerId: string; name: string; token: string }[] }>(ctx.path('/teams'), {
      name,
      members: numbers.map((n) => ({ name: playerName(n) })),
    });
    if (reg.name !== name) ctx.problem(`${name} was registered as "${reg.name}"`);
    if (reg.members.length !== size || reg.members.some((m, i) => m.name !== playerName(numbers[i]) || !m.token)) {
      ctx.problem(`${name}: registered ${size} members, the answer has ${reg.members.map((m) => m.name).join(', ')}`);
    }
    const members = reg.members.map((m, i) => ({ number: numbers[i], name: m.name, playerId: m.playerId, token: m.token, teamId: reg.teamId }));
    ctx.players.push(...members);
    ctx.teams.push({ number: t, name, teamId: reg.teamId, members });
    ctx.progress.advance();
  }
}
