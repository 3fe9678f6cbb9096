import { writeCsv } from './csv-writer';

describe('writeCsv (the one CSV writer of every export)', () => {
  it('neutralizes spreadsheet formulas: a field starting with = + - @ tab or CR is prefixed with a quote', () => {
    const csv = writeCsv(['player'], [['@SUM(1+1)'], ['=HYPERLINK("http://x","y")'], ['+1'], ['-2'], ['\tx'], ['\rx'], ['Alice']]);
    const fields = csv.trim().split('\r\n').slice(1);
    expect(fields).toEqual(["'@SUM(1+1)", '"\'=HYPERLINK(""http://x"",""y"")"', "'+1", "'-2", "'\tx", '"\'\rx"', 'Alice']);
  });

  it('quotes commas, quotes and line breaks; CRLF line ends; numbers as written', () => {
    expect(
      writeCsv(
        ['a', 'b'],
        [
          ['x,y', 3],
          ['say "hi"', 0.5],
          ['two\nlines', 10],
        ],
      ),
    ).toBe('a,b\r\n"x,y",3\r\n"say ""hi""",0.5\r\n"two\nlines",10\r\n');
  });
});
