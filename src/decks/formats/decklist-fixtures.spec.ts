import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import seedrandom from 'seedrandom';
import { catalogRefs } from '../rules/testing/shipped-cards';
import { splitLines } from './line-syntax';
import { deckCatalogOf, importDeckList, parseDeckList, type DeckListFormat, type ParsedDeckList } from './index';

/**
 * Deck lists as other tools write them (test/fixtures/decklists/, each with its expected reading
 * in expected.json): a community CSV with a title and no header, a type column saying Hero, MWS
 * with numeric set codes and {cost} markers, a .deck `# HERO` line, sideboards after a blank line,
 * `// Sideboard` and `SB:`, a double-faced hero in an OCTGN file, a Russian Berserk list.
 * Every line of every file must be accounted for: a card, an unresolved line, an error, or an
 * ignored line with its reason — never dropped unsaid.
 */
const DIR = join(__dirname, '..', '..', '..', 'test', 'fixtures', 'decklists');
interface Expected {
  format: DeckListFormat;
  game: 'wow-tcg' | 'berserk';
  hero: string | null;
  main: [string, number][];
  sideboard: [string, number][];
  unresolved: number[];
  errors: number[];
  ignored: [number, string][];
  notes: number;
}
const expected = JSON.parse(readFileSync(join(DIR, 'expected.json'), 'utf8')) as Record<string, Expected>;
const catalogs = { 'wow-tcg': deckCatalogOf(catalogRefs('HOA', 'MOL', 'TDP', 'WG')), berserk: deckCatalogOf(catalogRefs('S1')) };

/** The line numbers a parsed list accounts for, each as often as it is used. */
function accounted(parsed: ParsedDeckList): number[] {
  return [
    ...(parsed.hero ? [parsed.hero.line] : []),
    ...parsed.main.map((r) => r.line),
    ...parsed.sideboard.map((r) => r.line),
    ...parsed.errors.map((e) => e.line),
    ...parsed.ignored.map((i) => i.line),
  ].sort((a, b) => a - b);
}
/** The lines a reader must account for: every non-blank one (XML: the <card> lines). */
function meaningful(text: string, format: DeckListFormat): number[] {
  return splitLines(text)
    .map((l, i) => [l.trim(), i + 1] as const)
    .filter(([l]) => (format === 'o8d' ? l.startsWith('<card') : l !== ''))
    .map(([, n]) => n);
}

describe('deck lists written by other tools (test/fixtures/decklists)', () => {
  it('the fixture folder and expected.json name the same files', () => {
    expect(
      readdirSync(DIR)
        .filter((f) => f !== 'expected.json')
        .sort(),
    ).toEqual(Object.keys(expected).sort());
  });

  it.each(Object.entries(expected))('%s reads as expected, every line accounted for', (file, want) => {
    const text = readFileSync(join(DIR, file), 'utf8');
    const parsed = parseDeckList(want.format, text);
    expect(accounted(parsed)).toEqual(meaningful(text, want.format));
    const read = importDeckList(want.format, text, catalogs[want.game], []);
    expect({
      hero: read.deck.hero?.name ?? null,
      main: read.deck.main.map((e) => [e.card.name, e.count]),
      sideboard: read.deck.sideboard.map((e) => [e.card.name, e.count]),
      unresolved: read.unresolved.map((u) => u.line),
      errors: read.errors.map((e) => e.line),
      ignored: read.ignored.map((i) => [i.line, i.reason]),
      notes: read.notes.length,
    }).toEqual({ hero: want.hero, main: want.main, sideboard: want.sideboard, unresolved: want.unresolved, errors: want.errors, ignored: want.ignored, notes: want.notes });
  });
});

describe('no input line is ever silently dropped (seeded random lists)', () => {
  const PIECES = [
    () => '4 Acolyte Demia',
    () => '2x Flash Heal (HOA)',
    () => 'SB: 1 Mind Blast',
    () => 'Sideboard:',
    () => '// Sideboard',
    () => 'Main deck',
    () => '# a comment',
    () => '# HERO  Boris Brightbeard',
    () => 'Hero: Warrax',
    () => '// a note',
    () => '',
    () => '   ',
    () => 'just some words',
    () => '0 Chromie',
    () => '4 [6] Adept Breton {3}',
    () => "SB:  1 [] Bo'ja, Arcanist Absolute",
    () => '4,Acolyte Demia,HOA,Ally',
    () => '1,Boris Brightbeard,HOA,Hero',
    () => 'x,y',
    () => '"quoted, name",2',
  ];

  it.each(['text', 'mwdeck'] as const)('%s: every non-blank line is a card, an error or an ignored line, exactly once', (format) => {
    const random = seedrandom(`no-line-dropped-${format}`);
    for (let run = 0; run < 300; run++) {
      const lines = Array.from({ length: 1 + Math.floor(random() * 25) }, () => PIECES[Math.floor(random() * PIECES.length)]());
      const text = lines.join(random() < 0.5 ? '\n' : '\r\n');
      const parsed = parseDeckList(format, text);
      expect([text, accounted(parsed)]).toEqual([text, meaningful(text, format)]);
      // And every card line read is in the deck or unresolved: no copy lost on the way.
      const read = importDeckList(format, text, catalogs['wow-tcg'], []);
      const parsedCopies = [...(parsed.hero ? [parsed.hero] : []), ...parsed.main, ...parsed.sideboard].reduce((n, r) => n + r.count, 0);
      const readCopies = (read.deck.hero ? 1 : 0) + [...read.deck.main, ...read.deck.sideboard].reduce((n, e) => n + e.count, 0) + read.unresolved.reduce((n, u) => n + u.count, 0);
      expect([text, readCopies]).toEqual([text, parsedCopies]);
    }
  });

  it('csv: every record is a card, an error or an ignored line, exactly once — or the whole file is refused with a reason', () => {
    const random = seedrandom('no-line-dropped-csv');
    let read = 0;
    for (let run = 0; run < 300; run++) {
      const lines = Array.from({ length: 1 + Math.floor(random() * 20) }, () => PIECES[16 + Math.floor(random() * 4)]());
      const text = lines.join('\n');
      let parsed: ParsedDeckList;
      try {
        parsed = parseDeckList('csv', text);
      } catch (e) {
        expect((e as { code?: string }).code).toBe('MALFORMED_BODY');
        continue;
      }
      read++;
      expect([text, accounted(parsed)]).toEqual([text, meaningful(text, 'csv')]);
    }
    expect(read).toBeGreaterThan(100);
  });
});
