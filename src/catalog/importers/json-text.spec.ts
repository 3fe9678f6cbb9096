import { DomainError } from '../../common/errors/domain-error';
import { jsonErrorOffset } from './json-error-offset';
import { MAX_JSON_DEPTH, parseJsonText } from './json-text';

function lineOf(text: string): number | undefined {
  try {
    parseJsonText(text, 'The file');
  } catch (error) {
    if (error instanceof DomainError && error.code === 'MALFORMED_BODY') return error.details[0].line;
    throw error;
  }
  throw new Error('expected MALFORMED_BODY');
}

describe('malformed JSON is located by line', () => {
  it.each([
    ['a trailing comma', '{\n  "a": 1,\n}', 3],
    ['single quotes', '{\n  "a": 1,\n  \'b\': 2\n}', 3],
    ['a misspelt literal', '[\n  true,\n  tru\n]', 3],
    ['a truncated file', '{\n  "a": [1, 2', 2],
    ['text after the value', '{}\n\n{}', 3],
    ['an empty file', '', 1],
  ])('%s', (_, text, line) => {
    expect(lineOf(text)).toBe(line);
  });

  it('the scanner agrees that valid JSON has no error', () => {
    expect(jsonErrorOffset('{"a": [1, -2.5e3, "x\\u00e9\\n", true, null, {}]}')).toBeNull();
  });
});

describe('nesting depth', () => {
  it(`maxDepth: arrays and objects nested more than ${MAX_JSON_DEPTH} deep are MALFORMED_BODY with the line, not a stack overflow later`, () => {
    const deep = `{\n  "cards": [\n    ${'['.repeat(100_000)}${']'.repeat(100_000)}\n  ]\n}`;
    try {
      parseJsonText(deep, 'The file');
      throw new Error('expected MALFORMED_BODY');
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toMatchObject({ code: 'MALFORMED_BODY', details: [expect.objectContaining({ rule: 'maxDepth', line: 3 })] });
    }
  });

  it(`exactly ${MAX_JSON_DEPTH} levels, and brackets inside strings, are fine`, () => {
    const text = `${'['.repeat(MAX_JSON_DEPTH)}"[[[[\\"{{{{"${']'.repeat(MAX_JSON_DEPTH)}`;
    expect(() => parseJsonText(text, 'The file')).not.toThrow();
    expect(() => parseJsonText(`[${text}]`, 'The file')).toThrow(DomainError);
  });
});
