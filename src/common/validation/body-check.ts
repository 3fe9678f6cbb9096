import { DomainError } from '../errors/domain-error';

/** Deepest nesting a JSON body may have: real requests use 3; class-transformer recurses per level. */
export const MAX_JSON_DEPTH = 32;

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

// C0 controls other than tab, line feed and carriage return, and DEL: never meant in a name or code.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Either kind of bad text, in one test: most strings have neither, and a body may hold 500,000 of them. */
// eslint-disable-next-line no-control-regex -- as CONTROL
const SUSPECT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uD800-\uDFFF]/;

/**
 * Checks a parsed JSON body before validation: nesting at most MAX_JSON_DEPTH levels; every string
 * well-formed UTF-16 without control characters (PostgreSQL refuses NUL in text, and a lone
 * surrogate would be stored as U+FFFD); no key named `__proto__`, `constructor` or `prototype`
 * (refused like any unknown field).
 *
 * It visits every value of the body (up to JSON_LIMIT bytes: a hundred thousand numbers), so a value
 * costs a type test and nothing else: the path of a field is only written out for the error. The
 * recursion is at most MAX_JSON_DEPTH frames deep (deeper is refused before it descends).
 * @throws DomainError MALFORMED_BODY (too deep), VALIDATION_FAILED (bad text, naming the field)
 */
export function checkJsonBody(body: unknown): void {
  const path: (string | number)[] = [];
  const field = (): string => path.reduce<string>((out, k) => (typeof k === 'number' ? `${out}[${k}]` : out === '' ? k : `${out}.${k}`), '') || 'body';
  const text = (value: string): void => {
    if (!SUSPECT.test(value)) return;
    const rule = CONTROL.test(value) ? 'controlCharacter' : LONE_SURROGATE.test(value) ? 'wellFormedText' : null;
    if (!rule) return; // surrogates, all in pairs
    const at = field();
    const message = rule === 'controlCharacter' ? `${at} must not contain control characters` : `${at} must be well-formed text`;
    throw new DomainError('VALIDATION_FAILED', `Invalid request: ${message}`, [{ field: at, rule, message }]);
  };
  const visit = (value: object, depth: number): void => {
    if (depth >= MAX_JSON_DEPTH) {
      throw new DomainError('MALFORMED_BODY', `Request body is nested deeper than ${MAX_JSON_DEPTH} levels`, [
        { field: field(), rule: 'maxDepth', message: `at most ${MAX_JSON_DEPTH} levels of nesting` },
      ]);
    }
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const v: unknown = value[i];
        if (typeof v === 'string') {
          if (SUSPECT.test(v)) {
            path.push(i);
            text(v);
            path.pop();
          }
        } else if (v !== null && typeof v === 'object') {
          path.push(i);
          visit(v, depth + 1);
          path.pop();
        }
      }
      return;
    }
    for (const k in value) {
      path.push(k);
      // Never a field of ours; the validation pipe would drop them silently (prototype pollution guard).
      if (FORBIDDEN_KEYS.has(k)) {
        const at = field();
        throw new DomainError('VALIDATION_FAILED', `Invalid request: ${at} is not a known field`, [{ field: at, rule: 'unknownField', message: `${at} is not a known field` }]);
      }
      const v: unknown = (value as Record<string, unknown>)[k];
      if (typeof v === 'string') text(v);
      else if (v !== null && typeof v === 'object') visit(v, depth + 1);
      path.pop();
    }
  };
  if (typeof body === 'string') text(body);
  else if (body !== null && typeof body === 'object') visit(body, 0);
}
