import { DomainError } from '../../common/errors/domain-error';
import { assertSeatsSwappable, teamsAfterSwap, type SwapSeat } from './seat-swap';

const seat = (podId: string, n: number, more: Partial<SwapSeat> = {}): SwapSeat => ({ podId, seat: n, playerId: `${podId}-${n}`, absent: false, picks: 0, ...more });

function refusal(f: () => void): [string, string] {
  try {
    f();
  } catch (e) {
    return [(e as DomainError).code, (e as DomainError).details[0].rule];
  }
  throw new Error('did not throw');
}

describe('seat swap', () => {
  it('allows two seats without picks, in one pod or across pods', () => {
    expect(() => assertSeatsSwappable(seat('p1', 0), seat('p1', 3), null)).not.toThrow();
    expect(() => assertSeatsSwappable(seat('p1', 0), seat('p2', 3), null)).not.toThrow();
  });

  it('refuses once either seat has picked, a bot seat and an absent player’s seat', () => {
    expect(refusal(() => assertSeatsSwappable(seat('p1', 0, { picks: 1 }), seat('p1', 3), null))).toEqual(['SEATS_LOCKED', 'picked']);
    expect(refusal(() => assertSeatsSwappable(seat('p1', 0), seat('p1', 3, { playerId: null }), null))).toEqual(['SEATS_LOCKED', 'bot']);
    expect(refusal(() => assertSeatsSwappable(seat('p1', 0), seat('p1', 3, { absent: true }), null))).toEqual(['SEATS_LOCKED', 'absent']);
    expect(refusal(() => assertSeatsSwappable(seat('p1', 0), seat('p1', 0), null))).toEqual(['VALIDATION_FAILED', 'differentPlayers']);
  });

  it('team drafts: only inside a pod, and teammates never side by side', () => {
    const abab = ['A', 'B', 'A', 'B'];
    expect(refusal(() => assertSeatsSwappable(seat('p1', 0), seat('p2', 0), new Map()))).toEqual(['TEAM_SEATS_ALTERNATE', 'samePod']);
    // Two teams: any cross-team swap puts teammates together; teammates trading seats keeps A/B.
    expect(refusal(() => assertSeatsSwappable(seat('p1', 0), seat('p1', 1), new Map([['p1', teamsAfterSwap(abab, 0, 1)]])))).toEqual(['TEAM_SEATS_ALTERNATE', 'teammatesApart']);
    expect(() => assertSeatsSwappable(seat('p1', 0), seat('p1', 2), new Map([['p1', teamsAfterSwap(abab, 0, 2)]]))).not.toThrow();
    // Four teams: A and C may trade places.
    const abcd = ['A', 'B', 'C', 'D', 'A', 'B', 'C', 'D'];
    expect(() => assertSeatsSwappable(seat('p1', 0), seat('p1', 2), new Map([['p1', teamsAfterSwap(abcd, 0, 2)]]))).not.toThrow();
  });
});
