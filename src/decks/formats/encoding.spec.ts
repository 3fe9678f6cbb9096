import iconv from 'iconv-lite';
import { textCandidates } from './encoding';

const BERSERK = 'Колода «Степь»\n3 Кочевник\n3 Кшар\n3 Волхв\n';

describe('the encoding of a deck list file', () => {
  it('UTF-8 (and plain ASCII) is read as UTF-8, nothing else tried', () => {
    expect(textCandidates(Buffer.from(BERSERK, 'utf8'), undefined, null)).toEqual([{ encoding: 'utf-8', source: 'utf-8', text: BERSERK }]);
    expect(textCandidates(Buffer.from('4 Chromie\n'), undefined, null).map((c) => c.encoding)).toEqual(['utf-8']);
  });

  it('Windows-1251 bytes (common for Russian Berserk lists): Windows-1251 first, KOI8-R among the others, at most four', () => {
    const candidates = textCandidates(iconv.encode(BERSERK, 'windows-1251'), undefined, null);
    expect(candidates[0]).toEqual({ encoding: 'windows-1251', source: 'detected', text: BERSERK });
    expect(candidates.map((c) => c.encoding)).toContain('koi8-r');
    expect(candidates.length).toBeLessThanOrEqual(4);
  });

  it('a byte order mark decides (UTF-8, UTF-16 LE and BE), and is not part of the text', () => {
    expect(textCandidates(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(BERSERK)]), undefined, null)).toEqual([{ encoding: 'utf-8', source: 'bom', text: BERSERK }]);
    expect(textCandidates(iconv.encode(BERSERK, 'utf-16le', { addBOM: true }), undefined, null)).toEqual([{ encoding: 'utf-16le', source: 'bom', text: BERSERK }]);
    expect(textCandidates(iconv.encode(BERSERK, 'utf-16be', { addBOM: true }), undefined, null)).toEqual([{ encoding: 'utf-16be', source: 'bom', text: BERSERK }]);
  });

  it('an .o8d’s XML declaration is honoured', () => {
    const xml = `<?xml version="1.0" encoding="windows-1251"?>\n<deck><section name="Main"><card qty="3">Кочевник</card></section></deck>`;
    expect(textCandidates(iconv.encode(xml, 'windows-1251'), undefined, null)).toEqual([{ encoding: 'windows-1251', source: 'xml-declaration', text: xml }]);
  });

  it('the caller’s choice beats everything, and the declared charset beats detection', () => {
    const list = '3 Кочевник\n3 Кшар\n'; // KOI8-R has no «»
    const bytes = iconv.encode(list, 'koi8-r');
    expect(textCandidates(bytes, 'KOI8-R', 'windows-1251')).toEqual([{ encoding: 'koi8-r', source: 'chosen', text: list }]);
    expect(textCandidates(bytes, undefined, 'koi8-r')).toEqual([{ encoding: 'koi8-r', source: 'declared', text: list }]);
  });

  it('an encoding nobody knows is VALIDATION_FAILED on the field "encoding"', () => {
    expect(() => textCandidates(Buffer.from('x'), 'klingon-8', null)).toThrow(
      expect.objectContaining({ code: 'VALIDATION_FAILED', details: [expect.objectContaining({ field: 'encoding', rule: 'encoding' })] }),
    );
  });
});
