/**
 * Phase 5: the Swiss rounds (the recommended number), with seeded results reported by both players
 * (some draws: round 1 ends with one at the latest), one disputed report the organizer resolves, and
 * one player dropping after round 1; then, when
 * asked, the top cut (organizer results, no draws) until the final has been played.
 *
 * Team events: rounds pair team against team and any member reports for the team — the members
 * take turns by round and table; in round 1 a second member of a team repeats their teammate's
 * report, which must not decide the match (it is still one side's report). A member dropping drops
 * the whole team (GET …/teams must say so).
 */
import { recommendedRounds } from '../tournament/rules/rounds';
import type { Competitor, MatchResult, PairingView, RoundView, SimPlayer, TeamView } from './api-types';
import { ApiError } from './http-client';
import { disputedClaim, isDraw, playoffResult, swissResult } from './results';
import type { SimContext } from './sim-context';

const same = (a: MatchResult | null, b: MatchResult): boolean => !!a && a.winsA === b.winsA && a.winsB === b.winsB && a.draws === b.draws;

function competitorOf(ctx: SimContext, id: string): Competitor {
  const c = ctx.competitors().find((x) => x.id === id);
  if (!c) throw new Error(`pairing names an unknown ${ctx.teamEvent ? 'team' : 'player'} ${id}`);
  return c;
}

/** Who reports for side A (offset 0) or B (offset 1): a solo player themself; in a team, the members take turns by round and table. */
function reporter(ctx: SimContext, id: string, round: number, m: PairingView, offset: 0 | 1): SimPlayer {
  const { members } = competitorOf(ctx, id);
  return members[(round + m.table + offset) % members.length];
}

/** Both sides report the same result; the second side's report must decide the match. */
async function reportAgreed(ctx: SimContext, round: number, m: PairingView, result: MatchResult, teammateRepeats: boolean): Promise<void> {
  const a = reporter(ctx, m.playerA.playerId, round, m, 0);
  await ctx.client(a).post(`/matches/${m.matchId}/report`, result);
  if (teammateRepeats) {
    const { members } = competitorOf(ctx, m.playerA.playerId);
    const mate = members[(members.indexOf(a) + 1) % members.length];
    const again = await ctx.client(mate).post<PairingView>(`/matches/${m.matchId}/report`, result);
    if (again.result !== null || again.disputed)
      ctx.problem(
        `round ${round}, table ${m.table}: two members of ${m.playerA.name} reporting the same result ${again.result ? 'decided' : 'disputed'} the match without the other team`,
      );
    ctx.count('team reports repeated by a teammate');
  }
  const after = await ctx.client(reporter(ctx, m.playerB!.playerId, round, m, 1)).post<PairingView>(`/matches/${m.matchId}/report`, result);
  if (!same(after.result, result)) ctx.problem(`two identical reports did not decide table ${m.table}: result ${JSON.stringify(after.result)}`);
}

/** The sides report different results; the match must be disputed until the organizer decides it. */
async function reportDisputed(ctx: SimContext, round: number, m: PairingView, result: MatchResult): Promise<void> {
  await ctx.client(reporter(ctx, m.playerA.playerId, round, m, 0)).post(`/matches/${m.matchId}/report`, result);
  const claimed = await ctx.client(reporter(ctx, m.playerB!.playerId, round, m, 1)).post<PairingView>(`/matches/${m.matchId}/report`, disputedClaim(result));
  if (!claimed.disputed || claimed.result !== null) ctx.problem(`differing reports at table ${m.table} did not make a disputed match without result`);
  const resolved = await ctx.organizer.put<PairingView>(`/matches/${m.matchId}/result`, result);
  if (resolved.disputed || !same(resolved.result, result)) ctx.problem(`the organizer's result did not resolve the dispute at table ${m.table}`);
  ctx.count('disputes');
  ctx.progress.note(`round ${round}, table ${m.table}: disputed reports, resolved by the organizer`);
}

/** Plays the recommended Swiss rounds; returns them as finally recorded, and who dropped after round 1 (a player, or a team). */
export async function playSwiss(ctx: SimContext): Promise<{ rounds: RoundView[]; dropped: Competitor }> {
  const competitors = ctx.competitors();
  const count = recommendedRounds(competitors.length).swissRounds;
  const dropped = competitors[ctx.rng('drop').below(competitors.length)];
  const dropper = dropped.members[ctx.rng('drop/member').below(dropped.members.length)];
  let teammateRepeats = ctx.teamEvent;
  const disputeRound = count >= 2 ? 2 : 1;
  const rounds: RoundView[] = [];
  ctx.progress.phase('swiss', count);
  for (let n = 1; n <= count; n++) {
    // The simulated organizer pairs whatever the decks (force): a real one sees DECKS_NOT_READY first.
    const round = await ctx.organizer.post<RoundView>(ctx.path('/rounds'), { force: true });
    let disputed = n !== disputeRound;
    const lastMatch = round.pairings.filter((m) => m.playerB).at(-1);
    for (const m of round.pairings) {
      if (!m.playerB) {
        ctx.count('byes');
        continue;
      }
      const forceDraw = n === 1 && m === lastMatch && !ctx.stats.draws;
      const result = swissResult(ctx.rng(`result/round-${n}/table-${m.table}`), forceDraw);
      if (isDraw(result)) ctx.count('draws');
      if (!disputed) {
        disputed = true;
        await reportDisputed(ctx, n, m, result);
      } else {
        await reportAgreed(ctx, n, m, result, teammateRepeats && n === 1);
        if (n === 1) teammateRepeats = false;
      }
      ctx.count('matches');
    }
    rounds.push(await ctx.anonymous.get<RoundView>(ctx.path(`/rounds/${n}`)));
    if (n === 1) {
      const res = await ctx.client(dropper).post<{ droppedAfterRound: number }>(ctx.path('/drop'));
      if (res.droppedAfterRound !== 1) ctx.problem(`${dropper.name} dropped after round 1 but the server says after round ${res.droppedAfterRound}`);
      if (ctx.teamEvent) {
        ctx.progress.note(`${dropper.name} drops after round 1, and with them ${dropped.name}`);
        const teams = await ctx.anonymous.get<TeamView[]>(ctx.path('/teams'));
        for (const t of teams) {
          const expected = t.teamId === dropped.id ? 1 : null;
          if (t.droppedAfterRound !== expected)
            ctx.problem(
              `after ${dropper.name} of ${dropped.name} dropped, GET /teams shows ${t.name} dropped after ${t.droppedAfterRound ?? 'no round'}, expected ${expected ?? 'not dropped'}`,
            );
        }
      } else ctx.progress.note(`${dropped.name} drops after round 1`);
    }
    ctx.progress.advance();
  }
  return { rounds, dropped };
}

/** Plays a top cut of `size` to the end (the rounds route answers 409 once the final is played). */
export async function playTopCut(ctx: SimContext, size: 4 | 8): Promise<RoundView[]> {
  const rounds: RoundView[] = [];
  ctx.progress.phase(`top ${size}`, Math.log2(size));
  let round: RoundView | null = await ctx.organizer.post<RoundView>(ctx.path('/top-cut'), { size });
  while (round) {
    for (const m of round.pairings) {
      if (m.result || !m.playerB) continue;
      const result = playoffResult(ctx.rng(`playoff/round-${round.number}/table-${m.table}`));
      await ctx.organizer.put(`/matches/${m.matchId}/result`, result);
      ctx.count('playoff matches');
    }
    rounds.push(await ctx.anonymous.get<RoundView>(ctx.path(`/rounds/${round.number}`)));
    ctx.progress.advance();
    try {
      round = await ctx.organizer.post<RoundView>(ctx.path('/rounds'), { force: true });
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 409) throw error;
      round = null;
    }
    if (rounds.length > 4) throw new Error('the top cut does not end');
  }
  if (rounds.length !== Math.log2(size)) ctx.problem(`a top ${size} took ${rounds.length} playoff rounds, expected ${Math.log2(size)}`);
  for (const r of rounds) for (const m of r.pairings) if (m.result && isDraw(m.result)) ctx.problem(`a playoff match ended in a draw (round ${r.number}, table ${m.table})`);
  return rounds;
}
