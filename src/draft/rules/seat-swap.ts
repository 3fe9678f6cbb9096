/**
 * Seat swaps before picking (docs/rules.md "Seat swaps"). MTR practice: seating errors are fixed
 * before the draft begins; once cards are seen the seats stand. Podium's rules:
 * - the organizer swaps two players' seats (in one pod or across pods) only while neither seat has
 *   made a pick; a bot seat has (bots pick as the draft opens), and so has an absent player's seat
 *   (a bot picks for it at once): both refused;
 * - with real boosters at the table Podium cannot know whether picking began: refused
 *   (PHYSICAL_BOOSTERS, pod-admin.ts);
 * - team drafts: pods hold whole teams and teammates never sit side by side (team-seating.ts), so a
 *   swap stays inside one pod and must keep teammates apart.
 * Pure: the service passes the two seats and their pods' teams as read under the pods' locks.
 */
import { DomainError } from '../../common/errors/domain-error';
import { teammatesApart } from './team-seating';

/** A seat as the swap reads it. */
export interface SwapSeat {
  podId: string;
  /** 0-based seat index in the pod. */
  seat: number;
  /** null: a bot seat. */
  playerId: string | null;
  absent: boolean;
  /** Picks made at this seat so far. */
  picks: number;
}

function locked(s: SwapSeat, field: string): DomainError | null {
  const why = s.playerId === null ? 'bot' : s.picks > 0 ? 'picked' : s.absent ? 'absent' : null;
  if (!why) return null;
  const message =
    why === 'bot'
      ? 'a bot seat (bots pick as the draft opens)'
      : why === 'picked'
        ? `seat ${s.seat + 1} has made ${s.picks} pick(s)`
        : 'an absent player’s seat (a bot picks for it)';
  return new DomainError('SEATS_LOCKED', `Seats cannot be swapped: ${message}`, [{ field, rule: why, message }]);
}

/**
 * Podium's rule: the two seats may be swapped.
 * @param teamsOf for a team draft, the team of every seat of a pod after the swap (null: a bot) by pod id; null for a solo draft.
 * @throws DomainError VALIDATION_FAILED (rule differentPlayers: the same player twice); SEATS_LOCKED
 *   (rule bot | picked | absent, field playerId or withPlayerId); TEAM_SEATS_ALTERNATE (rule samePod:
 *   a team draft across pods; rule teammatesApart: teammates would sit side by side).
 */
export function assertSeatsSwappable(a: SwapSeat, b: SwapSeat, teamsOf: ReadonlyMap<string, readonly (string | null)[]> | null): void {
  if (a.podId === b.podId && a.seat === b.seat) {
    throw new DomainError('VALIDATION_FAILED', 'Swap two different players', [{ field: 'withPlayerId', rule: 'differentPlayers', message: 'the same seat twice' }]);
  }
  const refused = locked(a, 'playerId') ?? locked(b, 'withPlayerId');
  if (refused) throw refused;
  if (teamsOf === null) return;
  if (a.podId !== b.podId) {
    throw new DomainError('TEAM_SEATS_ALTERNATE', 'Team drafts keep each team in one pod: swap seats inside a pod', [
      { field: 'withPlayerId', rule: 'samePod', message: 'another pod' },
    ]);
  }
  const teams = teamsOf.get(a.podId) ?? [];
  if (!teammatesApart(teams)) {
    throw new DomainError('TEAM_SEATS_ALTERNATE', 'The swap would seat two teammates side by side: team seats alternate', [
      { field: 'withPlayerId', rule: 'teammatesApart', message: 'teammates would sit side by side' },
    ]);
  }
}

/** The teams of a pod's seats after swapping seats `i` and `j` (pure helper for the team check). */
export function teamsAfterSwap(teams: readonly (string | null)[], i: number, j: number): (string | null)[] {
  const out = [...teams];
  [out[i], out[j]] = [out[j], out[i]];
  return out;
}
