/** Phase 3: every player reads their pool; the pools are checked against the organizer's export. */
import type { EventExport } from '../verification/event-export.types';
import type { MeView } from './api-types';
import { checkPools, type SeenPool } from './pool-check';
import type { SimContext } from './sim-context';

/** Reads every pool, checks them (problems go to the context) and returns them by player id. */
export async function checkAllPools(ctx: SimContext, packSizes: ReadonlyMap<number, number>): Promise<Map<string, string[]>> {
  ctx.progress.phase('pools', ctx.players.length + 1);
  const pools: SeenPool[] = [];
  for (const p of ctx.players) {
    const me = await ctx.client(p).get<MeView>(ctx.path('/me'));
    pools.push({ playerId: p.playerId, name: p.name, cards: me.pool.map((c) => c.cardId) });
    ctx.progress.advance();
  }
  const file = await ctx.organizer.get<EventExport>(ctx.path('/export'));
  for (const problem of checkPools(file, pools, packSizes)) ctx.problem(problem);
  ctx.progress.advance();
  ctx.count(
    'pool cards',
    pools.reduce((n, p) => n + p.cards.length, 0),
  );
  return new Map(pools.map((p) => [p.playerId, p.cards]));
}
