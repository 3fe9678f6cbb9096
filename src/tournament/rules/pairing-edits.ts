/**
 * Pairing corrections before results (docs/rules.md "Pairing corrections"). MTR practice: a pairing
 * error found before the match has begun is fixed by correcting the pairings; once a game is played
 * the round stands (results are corrected instead). Podium's rules:
 * - only the latest round, only a Swiss round (top-cut rounds follow their bracket);
 * - a swap may touch two matches only while neither has a result (a bye's result comes with the
 *   pairing and moves with it), a player's report, a penalty or a sideboarded deck; a re-pair needs
 *   the same of every match of the round;
 * - a swap never creates a rematch (or a second bye) silently: refused unless the organizer says so.
 * Pure: the service passes the stored matches and the earlier Swiss rounds' pairs.
 */
import { DomainError } from '../../common/errors/domain-error';

/** A stored match as these rules read it. Sides are competitor ids (players, or teams in a team event). */
export interface EditableMatch {
  id: string;
  table: number;
  playerAId: string;
  /** null: a bye. */
  playerBId: string | null;
  /** null while the match has no result. */
  winsA: number | null;
  reportA: unknown;
  reportB: unknown;
  /** Penalties given in the match (the deck guard's game losses included). */
  penalties: number;
  /** Decks the players registered for the rest of the match after sideboarding (a game was played). */
  matchDecks: number;
}

/** A stored round as these rules read it. */
export interface EditableRound {
  number: number;
  kind: 'swiss' | 'playoff';
  matches: readonly EditableMatch[];
}

/** One table of a round, as recorded before and after an edit. */
export interface PairingLine {
  table: number;
  playerA: string;
  playerB: string | null;
}

/** What earlier Swiss rounds say about rematches: every pair that met, everyone who had a bye. */
export interface PairingHistory {
  met: readonly (readonly [string, string])[];
  hadBye: readonly string[];
}

/** The two matches after a swap, each with its new sides and whether it is a rematch (a repeat bye). */
export interface SwapResult {
  changed: { id: string; table: number; playerAId: string; playerBId: string | null; rematch: boolean }[];
}

function started(m: EditableMatch): string | null {
  if (m.playerBId !== null && m.winsA !== null) return 'result';
  if (m.reportA !== null || m.reportB !== null) return 'report';
  if (m.penalties > 0) return 'penalty';
  if (m.matchDecks > 0) return 'sideboarded';
  return null;
}

/**
 * Podium's rule: a round's pairings may be edited when it is the event's latest round, a Swiss
 * round, and none of `matches` (the ones the edit touches; a re-pair: all) has started.
 * @param latest the event's latest round (null before round 1); `number` the round asked for.
 * @throws DomainError EVENT_STATE_CONFLICT (rule latestRound, swissOnly); PAIRING_LOCKED naming each
 *   table that has a result, a report, a penalty or a sideboarded deck (rule result | report |
 *   penalty | sideboarded).
 */
export function assertPairingEditable(latest: EditableRound | null, number: number, matches: readonly EditableMatch[] = latest?.matches ?? []): asserts latest is EditableRound {
  if (!latest || latest.number !== number) {
    throw new DomainError('EVENT_STATE_CONFLICT', `Only the latest round (${latest?.number ?? 'none'}) can be edited`, [
      { field: 'number', rule: 'latestRound', message: 'not the latest round' },
    ]);
  }
  if (latest.kind !== 'swiss') {
    throw new DomainError('EVENT_STATE_CONFLICT', 'Top-cut rounds follow their bracket and cannot be edited', [{ field: 'number', rule: 'swissOnly', message: 'a top-cut round' }]);
  }
  const locked = matches.map((m) => ({ m, why: started(m) })).filter((x) => x.why !== null);
  if (locked.length > 0) {
    throw new DomainError(
      'PAIRING_LOCKED',
      `Round ${number} cannot be edited: ${locked.map((x) => `table ${x.m.table} has a ${x.why}`).join(', ')}`,
      locked.map((x) => ({ field: `table ${x.m.table}`, rule: x.why!, message: `table ${x.m.table} has a ${x.why}` })),
    );
  }
}

function pairKey(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

/**
 * Swaps two sides between two matches of a round (or a side with the bye's receiver): each takes the
 * other's place. A new pair that met in an earlier Swiss round, or a bye to someone who had one, is
 * refused unless `allowRematch`.
 * @throws DomainError VALIDATION_FAILED (a side not paired in the round: field playerId | withPlayerId,
 *   rule pairedInRound; both in one match: rule differentMatches); PAIRING_REMATCH naming each such pair (field the pair's ids,
 *   rule rematch | repeatBye).
 */
export function swapSides(
  matches: readonly Pick<EditableMatch, 'id' | 'table' | 'playerAId' | 'playerBId'>[],
  x: string,
  y: string,
  history: PairingHistory,
  allowRematch: boolean,
): SwapResult {
  const find = (id: string, field: string) => {
    const m = matches.find((c) => c.playerAId === id || c.playerBId === id);
    if (!m) throw new DomainError('VALIDATION_FAILED', `${field} is not paired in this round`, [{ field, rule: 'pairedInRound', message: 'not paired in this round' }]);
    return m;
  };
  const mx = find(x, 'playerId');
  const my = find(y, 'withPlayerId');
  if (mx.id === my.id)
    throw new DomainError('VALIDATION_FAILED', 'Both are in the same match', [{ field: 'withPlayerId', rule: 'differentMatches', message: 'in the same match as playerId' }]);
  const put = (m: Pick<EditableMatch, 'id' | 'table' | 'playerAId' | 'playerBId'>, out: string, into: string) => ({
    id: m.id,
    table: m.table,
    playerAId: m.playerAId === out ? into : m.playerAId,
    playerBId: m.playerBId === out ? into : m.playerBId,
  });
  const met = new Set(history.met.map(([a, b]) => pairKey(a, b)));
  const byes = new Set(history.hadBye);
  const changed = [put(mx, x, y), put(my, y, x)].map((m) => ({ ...m, rematch: m.playerBId === null ? byes.has(m.playerAId) : met.has(pairKey(m.playerAId, m.playerBId)) }));
  const again = changed.filter((m) => m.rematch);
  if (again.length > 0 && !allowRematch) {
    throw new DomainError(
      'PAIRING_REMATCH',
      `The swap would create ${again.map((m) => (m.playerBId === null ? `a second bye for ${m.playerAId}` : `the rematch ${m.playerAId} – ${m.playerBId}`)).join(', ')}; send allowRematch: true to swap anyway`,
      again.map((m) =>
        m.playerBId === null
          ? { field: m.playerAId, rule: 'repeatBye', message: 'already had a bye', playerId: m.playerAId }
          : { field: `${m.playerAId},${m.playerBId}`, rule: 'rematch', message: 'met in an earlier round', playerId: m.playerAId },
      ),
    );
  }
  return { changed };
}

/** The round's pairings as recorded for its history, in table order. */
export function pairingLines(matches: readonly { table: number; playerAId: string; playerBId: string | null }[]): PairingLine[] {
  return [...matches].sort((a, b) => a.table - b.table).map((m) => ({ table: m.table, playerA: m.playerAId, playerB: m.playerBId }));
}
