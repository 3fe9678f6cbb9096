import { DomainError } from '../../common/errors/domain-error';
import { assertPairingEditable, pairingLines, swapSides, type EditableMatch, type EditableRound } from './pairing-edits';

const match = (id: string, table: number, a: string, b: string | null, more: Partial<EditableMatch> = {}): EditableMatch => ({
  id,
  table,
  playerAId: a,
  playerBId: b,
  winsA: b === null ? 2 : null,
  reportA: null,
  reportB: null,
  penalties: 0,
  matchDecks: 0,
  ...more,
});

function codeOf(f: () => unknown): { code: string; rules: string[] } {
  try {
    f();
  } catch (e) {
    const d = e as DomainError;
    return { code: d.code, rules: d.details.map((x) => x.rule) };
  }
  throw new Error('did not throw');
}

describe('pairing edits', () => {
  const round: EditableRound = { number: 2, kind: 'swiss', matches: [match('m1', 1, 'a', 'b'), match('m2', 2, 'c', 'd'), match('m3', 3, 'e', null)] };
  const none = { met: [], hadBye: [] };

  it('allows an edit of the latest Swiss round with no result (the bye’s 2-0 aside)', () => {
    expect(() => assertPairingEditable(round, 2)).not.toThrow();
  });

  it('refuses another round than the latest, and a top-cut round', () => {
    expect(codeOf(() => assertPairingEditable(round, 1))).toEqual({ code: 'EVENT_STATE_CONFLICT', rules: ['latestRound'] });
    expect(codeOf(() => assertPairingEditable(null, 1))).toEqual({ code: 'EVENT_STATE_CONFLICT', rules: ['latestRound'] });
    expect(codeOf(() => assertPairingEditable({ ...round, kind: 'playoff' }, 2))).toEqual({ code: 'EVENT_STATE_CONFLICT', rules: ['swissOnly'] });
  });

  it('refuses once a match involved has a result, a report, a penalty or a sideboarded deck, naming each table', () => {
    const started = [
      match('m1', 1, 'a', 'b', { winsA: 2 }),
      match('m2', 2, 'c', 'd', { reportB: { winsA: 2, winsB: 0, draws: 0 } }),
      match('m3', 3, 'e', 'f', { penalties: 1 }),
      match('m4', 4, 'g', 'h', { matchDecks: 1 }),
    ];
    expect(codeOf(() => assertPairingEditable({ ...round, matches: started }, 2))).toEqual({ code: 'PAIRING_LOCKED', rules: ['result', 'report', 'penalty', 'sideboarded'] });
    // A swap looks only at its own matches.
    expect(() => assertPairingEditable({ ...round, matches: started }, 2, [])).not.toThrow();
  });

  it('swaps two players between matches, each taking the other’s place', () => {
    const { changed } = swapSides(round.matches, 'b', 'c', none, false);
    expect(changed).toEqual([
      { id: 'm1', table: 1, playerAId: 'a', playerBId: 'c', rematch: false },
      { id: 'm2', table: 2, playerAId: 'b', playerBId: 'd', rematch: false },
    ]);
  });

  it('swaps a player with the bye’s receiver: the player takes the bye', () => {
    const { changed } = swapSides(round.matches, 'a', 'e', none, false);
    expect(changed).toEqual([
      { id: 'm1', table: 1, playerAId: 'e', playerBId: 'b', rematch: false },
      { id: 'm3', table: 3, playerAId: 'a', playerBId: null, rematch: false },
    ]);
  });

  it('never creates a rematch silently: refused naming the pairs unless allowRematch', () => {
    const history = { met: [['c', 'a'] as const], hadBye: ['a'] };
    expect(codeOf(() => swapSides(round.matches, 'b', 'c', history, false))).toEqual({ code: 'PAIRING_REMATCH', rules: ['rematch'] });
    expect(codeOf(() => swapSides(round.matches, 'a', 'e', history, false))).toEqual({ code: 'PAIRING_REMATCH', rules: ['repeatBye'] });
    expect(swapSides(round.matches, 'b', 'c', history, true).changed[0]).toMatchObject({ playerAId: 'a', playerBId: 'c', rematch: true });
  });

  it('refuses a player not paired in the round, and two players of one match', () => {
    expect(codeOf(() => swapSides(round.matches, 'z', 'c', none, false))).toEqual({ code: 'VALIDATION_FAILED', rules: ['pairedInRound'] });
    expect(codeOf(() => swapSides(round.matches, 'a', 'b', none, false))).toEqual({ code: 'VALIDATION_FAILED', rules: ['differentMatches'] });
  });

  it('records pairings in table order', () => {
    expect(pairingLines([match('m2', 2, 'c', 'd'), match('m1', 1, 'a', 'b')])).toEqual([
      { table: 1, playerA: 'a', playerB: 'b' },
      { table: 2, playerA: 'c', playerB: 'd' },
    ]);
  });
});
