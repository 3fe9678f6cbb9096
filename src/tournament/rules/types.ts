/**
 * The inputs every tournament rule shares: who plays, and what was played. Plain data, as the
 * service loads it; nothing here knows about Nest or Prisma.
 */
import type { MatchResult } from './match-result';

/** A player of an event. */
export interface TournamentPlayer {
  /** Stable id; also the last, documented tie-break of standings (code-unit order). */
  id: string;
  /**
   * The last round the player took part in before dropping, or null while still in. 0 means dropped
   * before round 1 (that player leaves the standings); k means paired in rounds 1..k, not after.
   */
  droppedAfterRound: number | null;
  /** 1-based draft pod, for pod-restricted pairing (swiss-pairing.ts); null/absent for sealed events. */
  pod?: number | null;
  /**
   * Late entry after round 1 (late-entry.ts): the first Swiss round the player is paired in; rounds
   * before it are match losses with no opponent. null/absent: from round 1.
   */
  firstRound?: number | null;
}

/** A finished match: player A is the pairing's first player; a bye has `playerB: null`. */
export interface RecordedMatch extends MatchResult {
  /** 1-based round number: Swiss rounds count from 1; playoff rounds carry their own numbers. */
  round: number;
  playerA: string;
  /** null for a bye (a 2-0 win for player A, whatever the game counts say). */
  playerB: string | null;
  /** A top-cut match: never part of Swiss standings or Swiss pairing history. */
  playoff?: boolean;
}

/** True while the player takes part in round `round`: has entered by then (late entry) and has not dropped before it. */
export function isActiveIn(player: TournamentPlayer, round: number): boolean {
  if ((player.firstRound ?? 1) > round) return false;
  return player.droppedAfterRound === null || player.droppedAfterRound >= round;
}
