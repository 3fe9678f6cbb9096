import { DomainError } from '../errors/domain-error';

/** Deepest nesting a JSON body may have: real requests use 3; class-transformer recurses per level. */
export const MAX_JSON_DEPTH = 32;

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

// C0 controls other than tab, line feed and carriage return, and DEL: never meant in a name or code.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Checks a parsed JSON body before validation, iteratively (no recursion, so no stack to exhaust):
 * nesting at most MAX_JSON_DEPTH levels; every string well-formed UTF-16 without control characters
 * (PostgreSQL refuses NUL in text, and a lone surrogate would be stored as U+FFFD); no key named
 * `__proto__`, `constructor` or `prototype` (refused like any unknown field).
 * @throws DomainError MALFORMED_BODY (too deep), VALIDATION_FAILED (bad text, naming the field)
 */
export function checkJsonBody(body: unknown): void {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: body, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      const rule = CONTROL.test(value) ? 'controlCharacter' : LONE_SURROGATE.test(value) ? 'wellFormedText' : null;
      if (rule) {
        const field = path || 'body';
        const message = rule === 'controlCharacter' ? `${field} must not contain control characters` : `${field} must be well-formed text`;
        throw new DomainError('VALIDATION_FAILED', `Invalid request: ${message}`, [{ field, rule, message }]);
      }
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) {
      throw new DomainError('MALFORMED_BODY', `Request body is nested deeper than ${MAX_JSON_DEPTH} levels`, [
        { field: path || 'body', rule: 'maxDepth', message: `at most ${MAX_JSON_DEPTH} levels of nesting` },
      ]);
    }
    if (Array.isArray(value)) value.forEach((v, i) => stack.push({ value: v, path: `${path}[${i}]`, depth: depth + 1 }));
    else {
      for (const [k, v] of Object.entries(value)) {
        const field = path ? `${path}.${k}` : k;
        // Never a field of ours; the validation pipe would drop them silently (prototype pollution guard).
        if (FORBIDDEN_KEYS.has(k))
          throw new DomainError('VALIDATION_FAILED', `Invalid request: ${field} is not a known field`, [{ field, rule: 'unknownField', message: `${field} is not a known field` }]);
        stack.push({ value: v, path: field, depth: depth + 1 });
      }
    }
  }
}
