import { DomainError } from '../../common/errors/domain-error';
import { jsonErrorOffset } from './json-error-offset';

/** 1-based line and column of a character offset in a text. */
export function lineAndColumnAt(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lines = before.split('\n');
  return { line: lines.length, column: lines[lines.length - 1].length + 1 };
}

/**
 * Parses JSON text.
 * @throws DomainError MALFORMED_BODY with the line (detail.line) and column (in the message): the
 *   position the engine reports ("… at position N"), else the one jsonErrorOffset finds.
 */
export function parseJsonText(text: string, what: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const position = /at position (\d+)/.exec(reason);
    const offset = position ? Number(position[1]) : jsonErrorOffset(text);
    const at = offset === null ? null : lineAndColumnAt(text, offset);
    const where = at ? ` at line ${at.line}, column ${at.column}` : '';
    throw new DomainError('MALFORMED_BODY', `${what} is not valid JSON${where}: ${reason}`, [
      { rule: 'json', message: reason, ...(at ? { line: at.line } : {}) },
    ]);
  }
}

/** True for a plain JSON object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
