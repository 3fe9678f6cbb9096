/**
 * Phase 1: the organizer creates the event, N players register (each keeps their own token), the
 * organizer starts it. In a draft one player is chosen to leave before the last pack (the draft
 * phase has the organizer mark them absent then, so a bot picks for them).
 */
import type { SimPlayer } from './api-types';
import { eventSeedOf } from './options';
import type { SimContext } from './sim-context';

/** Draft pick timer when the run includes a timeout pick: base 15 s, at least 2 s (real time). */
export const PICK_TIME_SECONDS = 15;
export const MIN_PICK_SECONDS = 2;

/** Creates, fills and starts the event; returns the player who will leave the draft early, if any. */
export async function setUpEvent(ctx: SimContext): Promise<SimPlayer | null> {
  const o = ctx.options;
  ctx.progress.phase('register', o.players + 2);
  const timers = o.format === 'draft' && o.timeoutPick;
  const event = await ctx.organizer.post<{ id: string }>('/events', {
    name: `Simulated ${o.format} (${o.game}, seed ${o.seed})`.slice(0, 120),
    game: o.game,
    format: o.format,
    packs: o.packs,
    seed: eventSeedOf(o.seed),
    pickTimeSeconds: timers ? PICK_TIME_SECONDS : 0,
    minPickSeconds: MIN_PICK_SECONDS,
  });
  ctx.eventId = event.id;
  ctx.progress.advance();
  for (let n = 1; n <= o.players; n++) {
    const name = `Player ${String(n).padStart(2, '0')}`;
    const reg = await ctx.anonymous.post<{ playerId: string; token: string }>(ctx.path('/players'), { name });
    ctx.players.push({ number: n, name, playerId: reg.playerId, token: reg.token });
    ctx.progress.advance();
  }
  await ctx.organizer.post(ctx.path('/start'));
  ctx.progress.advance();
  if (o.format !== 'draft' || !o.absentPlayer) return null;
  return ctx.players[ctx.rng('absent').below(ctx.players.length)];
}
