/**
 * Finds where JSON text stops being valid JSON. Node 20's JSON.parse reports a position for some
 * errors ("… at position 42") but not for others (`Unexpected token ''', "…" is not valid JSON`,
 * e.g. single quotes or `tru`); this small scanner locates those, so the organizer gets a line.
 * Used only after JSON.parse has failed.
 */

class SyntaxStop {
  constructor(readonly offset: number) {}
}

const NUMBER = /-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;

/** Offset of the first JSON syntax error in `text`, or null when the scanner finds none. */
export function jsonErrorOffset(text: string): number | null {
  let i = 0;
  const stop = (): never => {
    throw new SyntaxStop(i);
  };
  const space = (): void => {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
  };
  const expect = (ch: string): void => {
    space();
    if (text[i] !== ch) stop();
    i++;
  };
  const string = (): void => {
    i++; // opening quote
    while (i < text.length) {
      const c = text[i];
      if (c === '"') {
        i++;
        return;
      }
      if (c === '\\') {
        i++;
        if (text[i] === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) stop();
          i += 5;
        } else if ('"\\/bfnrt'.includes(text[i] ?? 'x')) i++;
        else stop();
      } else if (c < ' ') stop();
      else i++;
    }
    stop();
  };
  const value = (): void => {
    space();
    const c = text[i];
    if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']';
      i++;
      space();
      if (text[i] === close) {
        i++;
        return;
      }
      for (;;) {
        if (c === '{') {
          space();
          if (text[i] !== '"') stop();
          string();
          expect(':');
        }
        value();
        space();
        if (text[i] === ',') {
          i++;
          continue;
        }
        expect(close);
        return;
      }
    }
    if (c === '"') return string();
    NUMBER.lastIndex = i;
    if (NUMBER.test(text)) {
      i = NUMBER.lastIndex;
      return;
    }
    const literal = ['true', 'false', 'null'].find((l) => text.startsWith(l, i));
    if (!literal) stop();
    i += (literal ?? '').length;
  };
  try {
    value();
    space();
    if (i < text.length) stop();
    return null;
  } catch (error) {
    if (error instanceof SyntaxStop) return error.offset;
    return null; // e.g. nesting too deep for the scanner: no position then
  }
}
