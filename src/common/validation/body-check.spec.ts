import { DomainError } from '../errors/domain-error';
import { checkJsonBody, MAX_JSON_DEPTH } from './body-check';

const deep = (n: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < n; i++) v = [v];
  return v;
};

describe('JSON bodies are checked before validation', () => {
  it('ordinary bodies pass', () => {
    expect(() => checkJsonBody({ name: 'Friday Draft — Пятница', packs: ['HOA'], note: 'line\nbreak\tand tab' })).not.toThrow();
  });

  it('a NUL byte (PostgreSQL refuses it in text) is a 400 naming the field', () => {
    expect(() => checkJsonBody({ name: 'a\u0000b' })).toThrow(
      expect.objectContaining({ code: 'VALIDATION_FAILED', details: [expect.objectContaining({ field: 'name', rule: 'controlCharacter' })] }),
    );
    expect(() => checkJsonBody({ main: [{ cardId: 'x\u001b' }] })).toThrow(expect.objectContaining({ details: [expect.objectContaining({ field: 'main[0].cardId' })] }));
  });

  it('a lone surrogate is refused (it would be stored as U+FFFD)', () => {
    expect(() => checkJsonBody({ name: 'a\ud800b' })).toThrow(expect.objectContaining({ details: [expect.objectContaining({ rule: 'wellFormedText' })] }));
    expect(() => checkJsonBody({ name: '😀' })).not.toThrow();
  });

  it(`nesting deeper than ${MAX_JSON_DEPTH} levels is MALFORMED_BODY, and 100,000 levels do not exhaust the stack`, () => {
    expect(() => checkJsonBody(deep(MAX_JSON_DEPTH - 1))).not.toThrow();
    expect(() => checkJsonBody(deep(MAX_JSON_DEPTH + 1))).toThrow(DomainError);
    expect(() => checkJsonBody(deep(100_000))).toThrow(expect.objectContaining({ code: 'MALFORMED_BODY' }));
  });
});
