import { DomainError } from '../../common/errors/domain-error';
import { assertFixedTableFree, fixedTableOf, numberTables } from './fixed-tables';

describe('fixed tables', () => {
  const pairs = [
    { playerA: 'a', playerB: 'b' },
    { playerA: 'c', playerB: 'd' },
    { playerA: 'e', playerB: 'f' },
    { playerA: 'g', playerB: null },
  ];

  it('numbers tables 1, 2, 3… in pairing order, the bye last, when nobody is fixed', () => {
    expect(numberTables(pairs, new Map())).toEqual([1, 2, 3, 4]);
  });

  it('keeps a fixed player’s match at their table and numbers the others around it', () => {
    expect(numberTables(pairs, new Map([['d', 1]]))).toEqual([2, 1, 3, 4]);
    expect(numberTables(pairs, new Map([['e', 2]]))).toEqual([1, 3, 2, 4]);
  });

  it('keeps a table beyond the round’s size (the physical table), leaving a gap; the bye after every table', () => {
    expect(numberTables(pairs, new Map([['a', 12]]))).toEqual([12, 1, 2, 13]);
    expect(numberTables(pairs.slice(2), new Map([['e', 3]]))).toEqual([3, 4]);
  });

  it('puts two fixed players paired together at the lower of their tables', () => {
    expect(
      fixedTableOf(
        { playerA: 'a', playerB: 'b' },
        new Map([
          ['a', 5],
          ['b', 3],
        ]),
      ),
    ).toBe(3);
    expect(
      numberTables(
        pairs,
        new Map([
          ['a', 5],
          ['b', 3],
        ]),
      ),
    ).toEqual([3, 1, 2, 4]);
  });

  it('reserves no table for a fixed player with the bye', () => {
    expect(fixedTableOf({ playerA: 'g', playerB: null }, new Map([['g', 1]]))).toBeNull();
    expect(numberTables(pairs, new Map([['g', 1]]))).toEqual([1, 2, 3, 4]);
  });

  it('renumbers only within the tables given (a swap trades its two matches’ numbers)', () => {
    // b (fixed to 7) moved into the match now listed second: the two matches trade 7 and 9.
    const swapped = [
      { playerA: 'a', playerB: 'x' },
      { playerA: 'c', playerB: 'b' },
    ];
    expect(numberTables(swapped, new Map([['b', 7]]), [7, 9])).toEqual([9, 7]);
    expect(numberTables(swapped, new Map([['b', 3]]), [7, 9])).toEqual([7, 9]);
  });

  it('refuses a table already fixed for someone else, naming them', () => {
    expect(() => assertFixedTableFree(4, new Map([['p1', 4]]), new Map([['p1', 'Ann']]))).toThrow(DomainError);
    try {
      assertFixedTableFree(4, new Map([['p1', 4]]), new Map([['p1', 'Ann']]));
    } catch (e) {
      expect((e as DomainError).code).toBe('FIXED_TABLE_TAKEN');
      expect((e as DomainError).details[0]).toMatchObject({ field: 'fixedTable', rule: 'unique', playerId: 'p1' });
    }
    expect(() => assertFixedTableFree(5, new Map([['p1', 4]]))).not.toThrow();
    expect(() => assertFixedTableFree(null, new Map([['p1', 4]]))).not.toThrow();
  });
});
