import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DomainError } from '../../common/errors/domain-error';
import { IMPORT_FORMATS, parseSetFile, serializeProductSet } from './index';
import type { ImportFormat } from './index';

const fixture = (name: string): string => readFileSync(join(__dirname, '__fixtures__', name), 'utf8');

describe('parseSetFile', () => {
  it('knows the four import formats', () => {
    expect(IMPORT_FORMATS).toEqual(['product', 'octgn', 'wowtcg-json', 'berserk-json']);
  });

  it('dispatches each format to its importer', () => {
    const wow = parseSetFile('wowtcg-json', fixture('wowtcg-hoa-excerpt.json'));
    expect(wow.map((s) => s.code)).toEqual(['HOA']);
    expect(parseSetFile('octgn', fixture('octgn-hoa-excerpt.xml'))[0].boosterLayout).not.toBeNull();
    expect(parseSetFile('berserk-json', fixture('berserk-sets-excerpt.json'), { set: 'S3' }).map((s) => s.code)).toEqual(['S3']);
    expect(parseSetFile('product', serializeProductSet(wow[0]), { code: 'HOAX' })[0]).toEqual({ ...wow[0], code: 'HOAX' });
  });

  it('refuses a set code for a file holding several sets', () => {
    expect(() => parseSetFile('berserk-json', fixture('berserk-sets-excerpt.json'), { code: 'X' })).toThrow(DomainError);
  });

  it('an XML file given as JSON is MALFORMED_BODY', () => {
    expect(() => parseSetFile('product', fixture('octgn-hoa-excerpt.xml'))).toThrow(expect.objectContaining({ code: 'MALFORMED_BODY' }));
  });

  describe('the common set limits (src/catalog/set-limits.ts) apply to every format', () => {
    function thrown(format: ImportFormat, text: string): DomainError {
      try {
        parseSetFile(format, text);
      } catch (error) {
        if (error instanceof DomainError) return error;
        throw error;
      }
      throw new Error(`expected ${format} to be refused`);
    }
    /** Fields and rules of the IMPORT_INVALID refusal; cards[i] counts the set's cards by collector number. */
    const rulesOf = (format: ImportFormat, text: string): [string | undefined, string][] => {
      const error = thrown(format, text);
      expect(error.code).toBe('IMPORT_INVALID');
      return error.details.map((d) => [d.field, d.rule]);
    };

    /** The WoW TCG JSON excerpt with one row changed: no. 156 (no printing rows), cards[5] of the set by number. */
    const wowtcg = (change: Record<string, unknown>): string => {
      const rows = JSON.parse(fixture('wowtcg-hoa-excerpt.json')) as Record<string, unknown>[];
      Object.assign(rows.find((r) => r.no === 156 && r.rarity === 'c') as Record<string, unknown>, change);
      return JSON.stringify(rows);
    };
    /** The Berserk excerpt (set s1 only) with its first card (s1_34: cards[3] of the set by number) changed. */
    const berserk = (change: Record<string, unknown>): string => {
      const file = JSON.parse(fixture('berserk-sets-excerpt.json')) as { cards: Record<string, unknown>[] };
      file.cards = file.cards.filter((c) => c.set === 's1');
      Object.assign(file.cards[0], change);
      return JSON.stringify(file);
    };
    /** The HoA excerpt as a product file, its first card changed. */
    const product = (change: (file: { name: string; cards: Record<string, unknown>[] }) => void): string => {
      const file = JSON.parse(serializeProductSet(parseSetFile('wowtcg-json', fixture('wowtcg-hoa-excerpt.json'))[0])) as { name: string; cards: Record<string, unknown>[] };
      change(file);
      return JSON.stringify(file);
    };
    const octgnCard = (name: string) =>
      `<card name="${name}"><property name="Card Number" value="1" /><property name="Type" value="Ally" /><property name="Faction" value="Neutral" /><property name="Rarity" value="C" /></card>`;
    const octgn = (setName: string, cardName = 'Test Ally') => `<?xml version="1.0"?>\n<set name="${setName}"><cards>${octgnCard(cardName)}</cards></set>`;

    it('controlCharacter: a NUL in a card name (would be a 500 from PostgreSQL) is IMPORT_INVALID in JSON formats', () => {
      expect(rulesOf('wowtcg-json', wowtcg({ name: 'Bad\u0000Name' }))).toEqual([['cards[5].name', 'controlCharacter']]);
      expect(
        rulesOf(
          'product',
          product((f) => (f.cards[0].name = 'Bad\u0000Name')),
        ),
      ).toEqual([['cards[0].name', 'controlCharacter']]);
      expect(rulesOf('berserk-json', berserk({ name: 'Bad\u0000Name' }))).toEqual([['cards[3].name', 'controlCharacter']]);
    });

    it('controlCharacter: OCTGN too (a tab written as &#9; is XML, but no name needs one)', () => {
      expect(rulesOf('octgn', octgn('Test Set', 'A&#9;B'))).toEqual([['cards[0].name', 'controlCharacter']]);
    });

    it('wellFormedText: a lone surrogate ("\\ud800") is refused, not stored as U+FFFD', () => {
      expect(
        rulesOf(
          'product',
          product((f) => (f.cards[0].name = 'Lone \ud800')),
        ),
      ).toEqual([['cards[0].name', 'wellFormedText']]);
      expect(
        rulesOf(
          'product',
          product((f) => (f.name = '\udc00 set')),
        ),
      ).toEqual([['name', 'wellFormedText']]);
      expect(rulesOf('wowtcg-json', wowtcg({ race: 'Orc\ud800' }))).toEqual([['cards[5].attributes.race', 'wellFormedText']]);
    });

    it('maxLength: 100,000-character card names are refused in every JSON format', () => {
      const long = 'x'.repeat(100_000);
      expect(rulesOf('wowtcg-json', wowtcg({ name: long }))).toEqual([['cards[5].name', 'maxLength']]);
      expect(rulesOf('berserk-json', berserk({ name: long }))).toEqual([['cards[3].name', 'maxLength']]);
      const error = thrown('wowtcg-json', wowtcg({ name: long }));
      expect(JSON.stringify(error).length).toBeLessThan(2000); // the name is not echoed back
    });

    it('maxLength: a 5,000-character OCTGN set name is refused', () => {
      expect(rulesOf('octgn', octgn(`Long ${'x'.repeat(5000)}`))).toEqual([['name', 'maxLength']]);
    });

    it('attributeNumber / collectorNumber: numbers of 10^7 are refused in the community formats', () => {
      expect(rulesOf('wowtcg-json', wowtcg({ cost: 10_000_000 }))).toEqual([['cards[5].attributes.cost', 'attributeNumber']]);
      expect(rulesOf('wowtcg-json', wowtcg({ no: 10_000_000 }))).toEqual([['cards[13].number', 'collectorNumber']]);
      expect(rulesOf('berserk-json', berserk({ health: 10_000_000 }))).toEqual([['cards[3].attributes.health', 'attributeNumber']]);
    });

    it('the product format refuses cost 1e308 and a 100,000-character feature (its DTO now shares the limits)', () => {
      expect(
        rulesOf(
          'product',
          product((f) => ((f.cards[0].attributes as Record<string, unknown>).cost = 1e308)),
        ),
      ).toEqual([['cards[0].attributes.cost', 'max']]);
      const berserkProduct = JSON.parse(serializeProductSet(parseSetFile('berserk-json', fixture('berserk-sets-excerpt.json'), { set: 's1' })[0])) as {
        cards: { attributes: { features: string[] } }[];
      };
      berserkProduct.cards[0].attributes.features = ['f'.repeat(100_000)];
      expect(rulesOf('product', JSON.stringify(berserkProduct))).toEqual([['cards[0].attributes.features', 'maxLength']]);
    });
  });
});
