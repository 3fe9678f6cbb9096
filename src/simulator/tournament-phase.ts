/**
 * Phase 5: the Swiss rounds (the recommended number), with seeded results reported by both players
 * (some draws: round 1 ends with one at the latest), one disputed report the organizer resolves, and
 * one player dropping after round 1; then, when
 * asked, the top cut (organizer results, no draws) until the final has been played.
 */
import { recommendedRounds } from '../tournament/rules/rounds';
import type { MatchResult, PairingView, RoundView, SimPlayer } from './api-types';
import { ApiError } from './http-client';
import { disputedClaim, isDraw, playoffResult, swissResult } from './results';
import type { SimContext } from './sim-context';

const same = (a: MatchResult | null, b: MatchResult): boolean => !!a && a.winsA === b.winsA && a.winsB === b.winsB && a.draws === b.draws;

function playerOf(ctx: SimContext, playerId: string): SimPlayer {
  const p = ctx.players.find((x) => x.playerId === playerId);
  if (!p) throw new Error(`pairing names an unknown player ${playerId}`);
  return p;
}

/** Both players report the same result; the second report must decide the match. */
async function reportAgreed(ctx: SimContext, m: PairingView, result: MatchResult): Promise<void> {
  await ctx.client(playerOf(ctx, m.playerA.playerId)).post(`/matches/${m.matchId}/report`, result);
  const after = await ctx.client(playerOf(ctx, m.playerB!.playerId)).post<PairingView>(`/matches/${m.matchId}/report`, result);
  if (!same(after.result, result)) ctx.problem(`two identical reports did not decide table ${m.table}: result ${JSON.stringify(after.result)}`);
}

/** The players report different results; the match must be disputed until the organizer decides it. */
async function reportDisputed(ctx: SimContext, round: number, m: PairingView, result: MatchResult): Promise<void> {
  await ctx.client(playerOf(ctx, m.playerA.playerId)).post(`/matches/${m.matchId}/report`, result);
  const claimed = await ctx.client(playerOf(ctx, m.playerB!.playerId)).post<PairingView>(`/matches/${m.matchId}/report`, disputedClaim(result));
  if (!claimed.disputed || claimed.result !== null) ctx.problem(`differing reports at table ${m.table} did not make a disputed match without result`);
  const resolved = await ctx.organizer.put<PairingView>(`/matches/${m.matchId}/result`, result);
  if (resolved.disputed || !same(resolved.result, result)) ctx.problem(`the organizer's result did not resolve the dispute at table ${m.table}`);
  ctx.count('disputes');
  ctx.progress.note(`round ${round}, table ${m.table}: disputed reports, resolved by the organizer`);
}

/** Plays the recommended Swiss rounds; returns them as finally recorded. */
export async function playSwiss(ctx: SimContext): Promise<{ rounds: RoundView[]; dropped: SimPlayer }> {
  const count = recommendedRounds(ctx.players.length).swissRounds;
  const dropped = ctx.players[ctx.rng('drop').below(ctx.players.length)];
  const disputeRound = count >= 2 ? 2 : 1;
  const rounds: RoundView[] = [];
  ctx.progress.phase('swiss', count);
  for (let n = 1; n <= count; n++) {
    const round = await ctx.organizer.post<RoundView>(ctx.path('/rounds'), {});
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
      } else await reportAgreed(ctx, m, result);
      ctx.count('matches');
    }
    rounds.push(await ctx.anonymous.get<RoundView>(ctx.path(`/rounds/${n}`)));
    if (n === 1) {
      const res = await ctx.client(dropped).post<{ droppedAfterRound: number }>(ctx.path('/drop'));
      if (res.droppedAfterRound !== 1) ctx.problem(`${dropped.name} dropped after round 1 but the server says after round ${res.droppedAfterRound}`);
      ctx.progress.note(`${dropped.name} drops after round 1`);
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
      round = await ctx.organizer.post<RoundView>(ctx.path('/rounds'), {});
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
