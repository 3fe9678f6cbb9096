/**
 * Round 1 of a booster draft across the table (docs/rules.md "Draft round 1 across the table"): a
 * player never meets a neighbour who passed to them or took their passes in round 1. Seat i (1-based,
 * in seat order around the pod) plays seat i + ⌊n/2⌋ for i ≤ ⌊n/2⌋ — 1 v 5, 2 v 6, 3 v 7, 4 v 8 in an
 * 8-pod; 1 v 4, 2 v 5, 3 v 6 in a 6-pod; 1 v 3, 2 v 4 in a 4-pod. In an odd pod (5, 7) the last seat is
 * left over: it plays another odd pod's leftover, and one leftover of an odd event gets the bye.
 *
 * Source: the convention of Wizards' Event Companion (which called its random round 1 of drafts a
 * bug) and Draftmancer's "pair across the table"; both pair the seat opposite, half the pod away.
 * Pure: no Nest, no database.
 */

import { pairSwissRound, type SwissPairing, type SwissPairingOptions, type SwissPairingResult } from './swiss-pairing';
import type { TournamentPlayer } from './types';

/** A drafter of a pod with their seat (any increasing numbering; bots' seats are simply absent). */
export interface SeatedPlayer {
  id: string;
  pod: number;
  seat: number;
}

/** Round-1 pairs inside the pods, and the players each odd pod leaves over (one a pod, its last seat). */
export interface AcrossTheTable {
  pairs: [string, string][];
  leftovers: string[];
}

/**
 * Pairs every pod across the table; pods by number, pairs in seat order of their first player.
 * Players in the pod are ordered by seat, so a pod with bot seats pairs its people as they sit.
 */
export function acrossTheTable(players: readonly SeatedPlayer[]): AcrossTheTable {
  const pods = new Map<number, SeatedPlayer[]>();
  for (const p of players) pods.set(p.pod, [...(pods.get(p.pod) ?? []), p]);
  const pairs: [string, string][] = [];
  const leftovers: string[] = [];
  for (const pod of [...pods.keys()].sort((a, b) => a - b)) {
    const seated = pods.get(pod)!.sort((a, b) => a.seat - b.seat);
    const half = Math.floor(seated.length / 2);
    for (let i = 0; i < half; i++) pairs.push([seated[i].id, seated[i + half].id]);
    if (seated.length % 2 === 1) leftovers.push(seated[seated.length - 1].id);
  }
  return { pairs, leftovers };
}

/**
 * A draft event's round 1 across the table: every pod's pairs (acrossTheTable), then the odd pods'
 * leftovers and any player without a seat paired among themselves as a random Swiss round 1 from the
 * seed (one of them gets the bye when the event is odd). Players dropped before round 1 are left out.
 * Tables: the pods' pairs first, in pod and seat order, then the leftovers' pairs, the bye last.
 * @throws RangeError as pairSwissRound (duplicate ids).
 */
export function pairDraftFirstRoundAcross(
  players: readonly (TournamentPlayer & { seat?: number | null })[],
  options: Pick<SwissPairingOptions, 'seed' | 'repair'>,
): SwissPairingResult {
  const active = players.filter((p) => p.droppedAfterRound === null);
  const seated = active.filter((p) => p.pod != null && p.seat != null).map((p) => ({ id: p.id, pod: p.pod!, seat: p.seat! }));
  const { pairs, leftovers } = acrossTheTable(seated);
  const podOf = new Map(seated.map((p) => [p.id, p.pod]));
  const rest = new Set([...leftovers, ...active.filter((p) => !podOf.has(p.id)).map((p) => p.id)]);
  const others = pairSwissRound(
    active.filter((p) => rest.has(p.id)).map((p) => ({ id: p.id, droppedAfterRound: null })),
    [],
    { seed: options.seed, round: 1, repair: options.repair },
  );
  const pairings: SwissPairing[] = [
    ...pairs.map(([a, b]) => ({ table: 0, playerA: a, playerB: b, rematch: false, pod: podOf.get(a)!, pointsA: 0, pointsB: 0 })),
    ...others.pairings.filter((p) => p.playerB !== null).map((p) => ({ ...p, pod: null })),
    ...others.pairings.filter((p) => p.playerB === null).map((p) => ({ ...p, pod: null })),
  ].map((p, i) => ({ ...p, table: i + 1 }));
  return { pairings, rematches: [], byeTo: others.byeTo, byes: others.byes, repeatByes: [] };
}
