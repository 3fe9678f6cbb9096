import { readPlayerList } from './player-import';

const none = { names: [], memberNumbers: [] };

describe('reading a player list', () => {
  it('READ_PLAYER_LIST: one name a line; a blank line, a duplicate and a name too long are problems, never dropped', () => {
    const text = ['Alice', '', 'Bob', '  alice ', 'B'.repeat(81), 'Smith, John', '\u200B'].join('\n') + '\n';
    const { entries, problems } = readPlayerList(text, 'auto', { names: ['Carol'], memberNumbers: [] });
    expect(entries).toEqual([
      { line: 1, name: 'Alice' },
      { line: 3, name: 'Bob' },
      { line: 6, name: 'Smith, John' },
    ]);
    expect(problems.map((p) => [p.line, p.rule])).toEqual([
      [2, 'blank'],
      [4, 'duplicate'],
      [5, 'tooLong'],
      [7, 'unreadable'],
    ]);
    expect(entries.length + problems.length).toBe(7);
  });

  it('READ_PLAYER_LIST: a name already in the event is a duplicate', () => {
    expect(readPlayerList('carol\nDave', 'lines', { names: ['Carol'], memberNumbers: [] }).problems).toEqual([
      { line: 1, text: 'carol', rule: 'duplicate', message: 'carol is already on the list' },
    ]);
  });

  it('READ_PLAYER_LIST: CSV with a header, in any column order, other columns ignored', () => {
    const text = 'Member Number,Name,Deck\n1001,Alice,x\n1002,"Smith, John",y\n1001,Bob,z\n,,\n"bad"x,Eve,\n';
    const { entries, problems } = readPlayerList(text, 'auto', none);
    expect(entries).toEqual([
      { line: 2, name: 'Alice', memberNumber: '1001' },
      { line: 3, name: 'Smith, John', memberNumber: '1002' },
    ]);
    expect(problems.map((p) => [p.line, p.rule])).toEqual([
      [4, 'duplicate'],
      [5, 'blank'],
      [6, 'unreadable'],
    ]);
  });

  it('READ_PLAYER_LIST: CSV without a header reads name, memberNumber', () => {
    expect(readPlayerList('Alice,1001\nBob\n', 'csv', { names: [], memberNumbers: ['1001'] })).toEqual({
      entries: [{ line: 2, name: 'Bob' }],
      problems: [{ line: 1, text: 'Alice,1001', rule: 'duplicate', message: 'member number 1001 is already on the list' }],
    });
  });

  it('READ_PLAYER_LIST: a Russian header and Windows line ends', () => {
    expect(readPlayerList('Имя;x\r\nАня\r\n', 'auto', none).entries).toEqual([
      { line: 1, name: 'Имя;x' },
      { line: 2, name: 'Аня' },
    ]);
    expect(readPlayerList('имя,номер\r\nАня,77\r\n', 'auto', none).entries).toEqual([{ line: 2, name: 'Аня', memberNumber: '77' }]);
  });
});
