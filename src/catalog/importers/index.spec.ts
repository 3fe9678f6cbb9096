import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DomainError } from '../../common/errors/domain-error';
import { IMPORT_FORMATS, parseSetFile, serializeProductSet } from './index';

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
});
