import { acrossTheTable, type SeatedPlayer } from './across-the-table';

const pod = (n: number, number = 1): SeatedPlayer[] => Array.from({ length: n }, (_, i) => ({ id: `p${number}-${i + 1}`, pod: number, seat: i + 1 }));
const seats = (pairs: [string, string][]) => pairs.map(([a, b]) => `${a.split('-')[1]}v${b.split('-')[1]}`);

describe('draft round 1 across the table (docs/rules.md; Wizards Event Companion, Draftmancer)', () => {
  it('rule: an 8-seat pod pairs 1 v 5, 2 v 6, 3 v 7, 4 v 8', () => {
    expect(seats(acrossTheTable(pod(8)).pairs)).toEqual(['1v5', '2v6', '3v7', '4v8']);
  });

  it('rule: a 6-seat pod pairs 1 v 4, 2 v 5, 3 v 6; a 4-seat pod 1 v 3, 2 v 4', () => {
    expect(seats(acrossTheTable(pod(6)).pairs)).toEqual(['1v4', '2v5', '3v6']);
    expect(seats(acrossTheTable(pod(4)).pairs)).toEqual(['1v3', '2v4']);
  });

  it('rule: an odd pod (5, 7) pairs across and leaves its last seat over', () => {
    const five = acrossTheTable(pod(5));
    expect(seats(five.pairs)).toEqual(['1v3', '2v4']);
    expect(five.leftovers).toEqual(['p1-5']);
    const seven = acrossTheTable(pod(7));
    expect(seats(seven.pairs)).toEqual(['1v4', '2v5', '3v6']);
    expect(seven.leftovers).toEqual(['p1-7']);
  });

  it('rule: nobody plays a neighbour who passed to them (seats next to each other, the ring closed) in 4- to 8-seat pods', () => {
    for (let n = 4; n <= 8; n++) {
      for (const [a, b] of acrossTheTable(pod(n)).pairs) {
        const [sa, sb] = [a, b].map((id) => Number(id.split('-')[1]));
        const distance = Math.min(Math.abs(sa - sb), n - Math.abs(sa - sb));
        expect(distance).toBeGreaterThan(1);
      }
    }
  });

  it('pods pair separately, in pod order; seats with bots are skipped, the people paired as they sit', () => {
    const withBots: SeatedPlayer[] = [1, 2, 4, 6, 7, 8].map((seat) => ({ id: `b-${seat}`, pod: 2, seat }));
    const result = acrossTheTable([...withBots, ...pod(4, 1)]);
    expect(result.pairs).toEqual([
      ['p1-1', 'p1-3'],
      ['p1-2', 'p1-4'],
      ['b-1', 'b-6'],
      ['b-2', 'b-7'],
      ['b-4', 'b-8'],
    ]);
  });
});
