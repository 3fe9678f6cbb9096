import { imageFileFor, matchImageFiles, type ImageCardKey } from './card-image-files';

const GUID = '5a3e2f10-1b2c-4d5e-8f90-a1b2c3d4e5f6';
const CARDS: ImageCardKey[] = [
  { game: 'wow-tcg', setCode: 'HOA', number: 7 },
  { game: 'wow-tcg', setCode: 'HOA', number: 218, octgnId: GUID },
  { game: 'berserk', setCode: 'S1', number: 12 },
  { game: 'wow-tcg', setCode: 'S1', number: 12 },
];

describe('card image files', () => {
  it('set/number: set code and extension in any case, number with leading zeros', () => {
    const m = matchImageFiles(['hoa/007.JPG', 'HoA/218.webp'], CARDS);
    expect(imageFileFor(m, CARDS[0])).toBe('hoa/007.JPG');
    expect(imageFileFor(m, CARDS[1])).toBe('HoA/218.webp');
    expect(m.unmatched).toEqual([]);
  });

  it('OCTGN GUID names match case-insensitively, with or without braces, in any subfolder', () => {
    for (const name of [`${GUID.toUpperCase()}.png`, `packs/wow/{${GUID}}.jpg`]) {
      const m = matchImageFiles([name], CARDS);
      expect(imageFileFor(m, { ...CARDS[1], octgnId: GUID.toUpperCase() })).toBe(name);
    }
  });

  it('set/number wins over the GUID file for the same card', () => {
    const m = matchImageFiles([`${GUID}.png`, 'HOA/218.png'], CARDS);
    expect(imageFileFor(m, CARDS[1])).toBe('HOA/218.png');
  });

  it('a set code two games share matches both, unless a game folder names one', () => {
    const both = matchImageFiles(['S1/12.png'], CARDS);
    expect(imageFileFor(both, CARDS[2])).toBe('S1/12.png');
    expect(imageFileFor(both, CARDS[3])).toBe('S1/12.png');
    const one = matchImageFiles(['berserk/s1/12.png'], CARDS);
    expect(imageFileFor(one, CARDS[2])).toBe('berserk/s1/12.png');
    expect(imageFileFor(one, CARDS[3])).toBeNull();
  });

  it('unmatched report: every file that shows no card, with the reason', () => {
    const m = matchImageFiles(
      ['HOA/999.jpg', 'XYZ/1.jpg', 'HOA/7.gif', 'readme.txt', 'HOA/seven.jpg', '00000000-0000-0000-0000-000000000000.jpg', 'HOA/7.jpg', 'HOA/007.png', 'a/b/c/1.jpg'],
      CARDS,
    );
    expect(m.unmatched).toEqual(
      expect.arrayContaining([
        { file: 'HOA/999.jpg', reason: 'no-such-card' },
        { file: 'XYZ/1.jpg', reason: 'no-such-card' },
        { file: 'HOA/7.gif', reason: 'not-an-image' },
        { file: 'readme.txt', reason: 'not-an-image' },
        { file: 'HOA/seven.jpg', reason: 'unknown-name' },
        { file: '00000000-0000-0000-0000-000000000000.jpg', reason: 'no-such-guid' },
        { file: 'HOA/7.jpg', reason: 'duplicate' },
        { file: 'a/b/c/1.jpg', reason: 'unknown-name' },
      ]),
    );
    expect(m.unmatched).toHaveLength(8);
    expect(imageFileFor(m, CARDS[0])).toBe('HOA/007.png');
  });
});
