import { thrown } from '../../../test/utils/thrown';
import { Fraction } from './fraction';
import { assertBeforeTopCut, assertLateEntryDeck, firstRoundOfEntry, missedRounds } from './late-entry';
import { computeStandings } from './standings';
import { pairSwissRound } from './swiss-pairing';
import { isActiveIn, type RecordedMatch, type TournamentPlayer } from './types';

const m = (round: number, playerA: string, playerB: string | null, winsA = 2, winsB = 0): RecordedMatch => ({ round, playerA, playerB, winsA, winsB, draws: 0 });

describe('late entry after round 1 (MTR 2.x practice: a match loss for each round missed)', () => {
  it('LATE_ENTRY_FIRST_ROUND: an entry after round N was paired plays from round N + 1; before round 1 from round 1 (null)', () => {
    expect(firstRoundOfEntry(0)).toBeNull();
    expect(firstRoundOfEntry(1)).toBe(2);
    expect(firstRoundOfEntry(2)).toBe(3);
    expect(() => firstRoundOfEntry(-1)).toThrow(RangeError);
  });

  it('LATE_ENTRY_MISSED_ROUNDS: rounds 1..firstRound-1 are missed; none for a player in from round 1', () => {
    expect(missedRounds({})).toBe(0);
    expect(missedRounds({ firstRound: null })).toBe(0);
    expect(missedRounds({ firstRound: 1 })).toBe(0);
    expect(missedRounds({ firstRound: 3 })).toBe(2);
  });

  it('a late player is not active (paired) before their first round', () => {
    const late: TournamentPlayer = { id: 'late', droppedAfterRound: null, firstRound: 3 };
    expect(isActiveIn(late, 2)).toBe(false);
    expect(isActiveIn(late, 3)).toBe(true);
  });

  it('missed rounds are played losses 0-2 in the record, MW% and GW% (0.33 floor), with no opponent: nobody’s OMW% changes', () => {
    // a, b, c, d played rounds 1-2; "late" entered after round 2 was paired and won round 3 against d.
    const players: TournamentPlayer[] = ['a', 'b', 'c', 'd'].map((id) => ({ id, droppedAfterRound: null }));
    const late: TournamentPlayer = { id: 'late', droppedAfterRound: null, firstRound: 3 };
    const matches = [m(1, 'a', 'b'), m(1, 'c', 'd'), m(2, 'a', 'c'), m(2, 'b', 'd')];
    const before = new Map(computeStandings(players, matches).map((s) => [s.playerId, s]));
    const rows = new Map(computeStandings([...players, late], [...matches, m(3, 'late', 'd', 2, 1), m(3, 'a', 'b'), m(3, 'c', null)]).map((s) => [s.playerId, s]));
    const l = rows.get('late')!;
    expect(l).toMatchObject({ record: '1-2-0', matchPoints: 3, missedRounds: 2, roundsPlayed: 3, gamesPlayed: 2 + 2 + 3, gamePoints: 6 });
    expect(l.mwp.equals(Fraction.of(3, 9))).toBe(true); // 3 points of 9: exactly 0.333…, above the 0.33 floor
    expect(l.gwp.equals(Fraction.of(6, 21))).toBe(false); // floored
    expect(l.gwp.equals(Fraction.of(33, 100))).toBe(true); // 6 / 21 = 0.286 → 0.33
    expect(l.omwp.equals(rows.get('d')!.mwp.max(Fraction.of(33, 100)))).toBe(true); // only d, whom they met
    // The missed rounds have no opponent: with the late player in, everyone else's line is unchanged.
    for (const s of computeStandings([...players, late], matches).filter((s) => s.playerId !== 'late')) {
      const b = before.get(s.playerId)!;
      expect([s.matchPoints, s.omwp.equals(b.omwp), s.ogwp.equals(b.ogwp), s.mwp.equals(b.mwp)]).toEqual([b.matchPoints, true, true, true]);
    }
    expect(rows.get('a')!.missedRounds).toBe(0);
  });

  it('a late player with no match yet stands with their losses: 0 points, MW% and GW% at the floor', () => {
    const rows = computeStandings(
      [
        { id: 'a', droppedAfterRound: null },
        { id: 'b', droppedAfterRound: null },
        { id: 'late', droppedAfterRound: null, firstRound: 2 },
      ],
      [m(1, 'a', 'b')],
    );
    expect(rows.find((r) => r.playerId === 'late')).toMatchObject({ record: '0-1-0', matchPoints: 0, missedRounds: 1, rank: 3 });
  });

  it('a match in a round the player missed is inconsistent input (RangeError)', () => {
    expect(() =>
      computeStandings(
        [
          { id: 'a', droppedAfterRound: null },
          { id: 'late', droppedAfterRound: null, firstRound: 2 },
        ],
        [m(1, 'a', 'late')],
      ),
    ).toThrow(RangeError);
  });

  it('pairing uses the points they have: the late player (0 points) is paired from their first round, among the lowest', () => {
    const players: TournamentPlayer[] = [...['a', 'b', 'c', 'd'].map((id) => ({ id, droppedAfterRound: null })), { id: 'late', droppedAfterRound: null, firstRound: 3 }];
    const history = [m(1, 'a', 'b'), m(1, 'c', 'd'), m(2, 'a', 'c'), m(2, 'b', 'd')];
    const round3 = pairSwissRound(players, history, { seed: 'late-entry', round: 3 });
    const sides = round3.pairings.flatMap((p) => [p.playerA, p.playerB]);
    expect(sides).toContain('late');
    // d has 0 points too; with five players someone takes the bye, but never a player with points over a 0-point one.
    const bye = round3.pairings.find((p) => p.playerB === null)!;
    expect(['late', 'd']).toContain(bye.playerA);
    // Nobody is paired into round 2 again with the late player missing.
    const round2 = pairSwissRound(players, history.slice(0, 2), { seed: 'late-entry', round: 2 });
    expect(round2.pairings.flatMap((p) => [p.playerA, p.playerB])).not.toContain('late');
  });

  it('LATE_ENTRY_BEFORE_TOP_CUT: no late entry once a playoff round exists', () => {
    expect(() => assertBeforeTopCut([{ kind: 'swiss' }])).not.toThrow();
    expect(thrown(() => assertBeforeTopCut([{ kind: 'swiss' }, { kind: 'playoff' }]))).toMatchObject({
      code: 'EVENT_STATE_CONFLICT',
      details: [{ field: 'state', rule: 'topCut' }],
    });
  });

  it('LATE_ENTRY_NEEDS_LIST: a draft or real boosters need the organizer’s deck list; generated sealed opens a pool', () => {
    expect(() => assertLateEntryDeck(false, false, false)).not.toThrow();
    expect(() => assertLateEntryDeck(true, false, true)).not.toThrow();
    expect(thrown(() => assertLateEntryDeck(true, false, false))).toMatchObject({ code: 'LATE_ENTRY_DECK_REQUIRED', details: [{ field: 'deck', rule: 'required' }] });
    expect(thrown(() => assertLateEntryDeck(false, true, false))).toMatchObject({ code: 'LATE_ENTRY_DECK_REQUIRED' });
  });
});
