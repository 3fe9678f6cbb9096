/**
 * An event's results from its stored rows, in memory: Swiss standings (MTR Appendix C) and final
 * placings (playoffs first). Shared by the event routes and by league standings, which compute it
 * for many events from a few bulk queries.
 */
import type { StandingDto } from './dto/tournament.dto';
import { computeStandings } from './rules/standings';
import { finalPlacings, type DecidedPlayoffMatch, type FinalPlacing, type PlayoffMatch } from './rules/top-cut';
import type { RecordedMatch } from './rules/types';

export interface StoredMatch {
  playerAId: string;
  playerBId: string | null;
  slot: number | null;
  winsA: number | null;
  winsB: number | null;
  draws: number | null;
}

export interface StoredRound {
  number: number;
  kind: string;
  bracket: unknown;
  matches: StoredMatch[];
}

export interface StoredPlayer {
  id: string;
  name: string;
  droppedAfterRound: number | null;
  pod?: number | null;
}

export function recordedMatch(round: number, m: StoredMatch): RecordedMatch {
  return { round, playerA: m.playerAId, playerB: m.playerBId, winsA: m.winsA ?? 0, winsB: m.winsB ?? 0, draws: m.draws ?? 0 };
}

/** A stored playoff round as the bracket rules see it: every slot, with the result of its match. */
export function decidedBracket(round: StoredRound, firstPlayoffRound: number): DecidedPlayoffMatch[] {
  const bySlot = new Map(round.matches.map((m) => [m.slot, m]));
  return (round.bracket as PlayoffMatch[]).map((slot) => {
    const m = bySlot.get(slot.slot);
    const result = m && m.winsA !== null ? { winsA: m.winsA, winsB: m.winsB!, draws: m.draws! } : null;
    return { ...slot, round: round.number - firstPlayoffRound + 1, result };
  });
}

/** Swiss standings from decided Swiss matches. */
export function standingsOf(players: readonly StoredPlayer[], rounds: readonly StoredRound[]): StandingDto[] {
  const names = new Map(players.map((p) => [p.id, p.name]));
  const matches = rounds.filter((r) => r.kind === 'swiss').flatMap((r) => r.matches.filter((m) => m.winsA !== null).map((m) => recordedMatch(r.number, m)));
  return computeStandings(players.map((p) => ({ id: p.id, droppedAfterRound: p.droppedAfterRound, pod: p.pod ?? null })), matches).map((s) => ({
    rank: s.rank,
    playerId: s.playerId,
    name: names.get(s.playerId) ?? '',
    matchPoints: s.matchPoints,
    record: s.record,
    mwp: s.mwp.toNumber(),
    omwp: s.omwp.toNumber(),
    gwp: s.gwp.toNumber(),
    ogwp: s.ogwp.toNumber(),
    dropped: s.dropped,
  }));
}

/** Final placings: playoff results first, then the Swiss standings. */
export function placingsOf(standings: readonly StandingDto[], rounds: readonly StoredRound[]): (FinalPlacing & { name: string })[] {
  const playoff = rounds.filter((r) => r.kind === 'playoff').sort((a, b) => a.number - b.number);
  const first = playoff[0]?.number ?? 0;
  const names = new Map(standings.map((s) => [s.playerId, s.name]));
  const decided = playoff.flatMap((r) => decidedBracket(r, first));
  return finalPlacings(standings.map((s) => ({ playerId: s.playerId, dropped: s.dropped })), decided).map((p) => ({ ...p, name: names.get(p.playerId) ?? '' }));
}
