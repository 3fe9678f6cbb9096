/**
 * An event's results from its stored rows, in memory: Swiss standings (MTR Appendix C) and final
 * placings (playoffs first). Shared by the event routes and by league standings, which compute it
 * for many events from a few bulk queries.
 */
import type { StandingDto } from './dto/tournament.dto';
import type { Fraction } from './rules/fraction';
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
  /** Playoff rounds: every slot of the bracket round; null for a Swiss round. */
  bracket: PlayoffMatch[] | null;
  matches: StoredMatch[];
}

export interface StoredPlayer {
  id: string;
  name: string;
  /** Registration number within the event (1-based). */
  number: number;
  droppedAfterRound: number | null;
  pod?: number | null;
  /** Late entry after round 1: the first Swiss round they are paired in; null/absent = round 1. */
  firstRound?: number | null;
}

/**
 * The rules order players by id where nothing else separates them (the shuffle that seeds pairing,
 * the last standings tie-break). Database ids are random UUIDs, so the rules see each player under
 * a key made from their registration number instead: the same seed and the same registrations then
 * give the same pairings and standings in any replay of the event.
 */
export function replayKeys(players: readonly { id: string; number: number }[]): { toKey: Map<string, string>; toId: Map<string, string> } {
  const toKey = new Map(players.map((p) => [p.id, `p${String(p.number).padStart(6, '0')}`]));
  return { toKey, toId: new Map([...toKey].map(([id, key]) => [key, id])) };
}

/** The matches with player ids replaced by replay keys. */
export function keyedMatches(matches: readonly RecordedMatch[], toKey: Map<string, string>): RecordedMatch[] {
  return matches.map((m) => ({ ...m, playerA: toKey.get(m.playerA)!, playerB: m.playerB === null ? null : toKey.get(m.playerB)! }));
}

export function recordedMatch(round: number, m: StoredMatch): RecordedMatch {
  return { round, playerA: m.playerAId, playerB: m.playerBId, winsA: m.winsA ?? 0, winsB: m.winsB ?? 0, draws: m.draws ?? 0 };
}

/** A stored playoff round as the bracket rules see it: every slot, with the result of its match. */
export function decidedBracket(round: StoredRound, firstPlayoffRound: number): DecidedPlayoffMatch[] {
  const bySlot = new Map(round.matches.map((m) => [m.slot, m]));
  return (round.bracket ?? []).map((slot) => {
    const m = bySlot.get(slot.slot);
    const result = m && m.winsA !== null ? { winsA: m.winsA, winsB: m.winsB!, draws: m.draws! } : null;
    return { ...slot, round: round.number - firstPlayoffRound + 1, result };
  });
}

/** Swiss standings from decided Swiss matches. */
export function standingsOf(players: readonly StoredPlayer[], rounds: readonly StoredRound[]): StandingDto[] {
  return exactStandingsOf(players, rounds).map(({ omwpExact: _, ...s }) => s);
}

/**
 * Swiss standings from decided Swiss matches, each line with its exact OMW% besides the number
 * (league standings compare means of them exactly: rules/league-standings.ts in leagues/).
 */
export function exactStandingsOf(players: readonly StoredPlayer[], rounds: readonly StoredRound[]): (StandingDto & { omwpExact: Fraction })[] {
  const names = new Map(players.map((p) => [p.id, p.name]));
  const { toKey, toId } = replayKeys(players);
  const matches = rounds.filter((r) => r.kind === 'swiss').flatMap((r) => r.matches.filter((m) => m.winsA !== null).map((m) => recordedMatch(r.number, m)));
  const keyed = players.map((p) => ({ id: toKey.get(p.id)!, droppedAfterRound: p.droppedAfterRound, pod: p.pod ?? null, firstRound: p.firstRound ?? null }));
  return computeStandings(keyed, keyedMatches(matches, toKey)).map((s) => ({
    rank: s.rank,
    playerId: toId.get(s.playerId)!,
    name: names.get(toId.get(s.playerId)!) ?? '',
    matchPoints: s.matchPoints,
    record: s.record,
    mwp: s.mwp.toNumber(),
    omwp: s.omwp.toNumber(),
    gwp: s.gwp.toNumber(),
    ogwp: s.ogwp.toNumber(),
    dropped: s.dropped,
    ...(s.missedRounds > 0 ? { missedRounds: s.missedRounds } : {}),
    omwpExact: s.omwp,
  }));
}

/** Final placings: playoff results first, then the Swiss standings. */
export function placingsOf(standings: readonly StandingDto[], rounds: readonly StoredRound[]): (FinalPlacing & { name: string })[] {
  const playoff = rounds.filter((r) => r.kind === 'playoff').sort((a, b) => a.number - b.number);
  const first = playoff[0]?.number ?? 0;
  const names = new Map(standings.map((s) => [s.playerId, s.name]));
  const decided = playoff.flatMap((r) => decidedBracket(r, first));
  return finalPlacings(
    standings.map((s) => ({ playerId: s.playerId, dropped: s.dropped })),
    decided,
  ).map((p) => ({ ...p, name: names.get(p.playerId) ?? '' }));
}
