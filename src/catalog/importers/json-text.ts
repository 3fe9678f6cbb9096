import { DomainError } from '../../common/errors/domain-error';
import { jsonErrorOffset } from './json-error-offset';

/** 1-based line and column of a character offset in a text. */
export function lineAndColumnAt(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lines = before.split('\n');
  return { line: lines.length, column: lines[lines.length - 1].length + 1 };
}

/**
 * Deepest nesting of arrays and objects accepted. Set files nest about 6 deep (a Podium file's
 * boosterLayout.sheets.<name>.filter.rarity); the code reading them (class-transformer, messages
 * quoting a value) recurses along the nesting, so a deeper document is refused before.
 */
export const MAX_JSON_DEPTH = 32;

/** Offset of the first "[" or "{" nested deeper than maxDepth in JSON text (a loop over the text), or null. */
export function jsonDepthOffset(text: string, maxDepth: number): number | null {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \\ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > maxDepth) return i;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) depth--;
  }
  return null;
}

/**
 * Parses JSON text.
 * @throws DomainError MALFORMED_BODY with the line (detail.line) and column (in the message): the
 *   position the engine reports ("… at position N"), else the one jsonErrorOffset finds; also for
 *   valid JSON nested deeper than MAX_JSON_DEPTH (rule maxDepth, line of the first too-deep value).
 */
export function parseJsonText(text: string, what: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const position = /at position (\d+)/.exec(reason);
    const offset = position ? Number(position[1]) : jsonErrorOffset(text);
    const at = offset === null ? null : lineAndColumnAt(text, offset);
    const where = at ? ` at line ${at.line}, column ${at.column}` : '';
    throw new DomainError('MALFORMED_BODY', `${what} is not valid JSON${where}: ${reason}`, [{ rule: 'json', message: reason, ...(at ? { line: at.line } : {}) }]);
  }
  const tooDeep = jsonDepthOffset(text, MAX_JSON_DEPTH);
  if (tooDeep !== null) {
    const at = lineAndColumnAt(text, tooDeep);
    const reason = `arrays and objects nest more than ${MAX_JSON_DEPTH} levels deep`;
    throw new DomainError('MALFORMED_BODY', `${what} is not accepted at line ${at.line}, column ${at.column}: ${reason}`, [
      { rule: 'maxDepth', message: `${reason} (column ${at.column})`, line: at.line },
    ]);
  }
  return value;
}

/** True for a plain JSON object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
