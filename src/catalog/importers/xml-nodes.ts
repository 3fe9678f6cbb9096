/**
 * Reading fast-xml-parser output (attributes without prefix, repeated elements as arrays,
 * node positions captured) with types, for the OCTGN importer. Every call into the parser library
 * is wrapped: whatever it throws becomes MALFORMED_BODY, never a 500.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { DomainError } from '../../common/errors/domain-error';
import { isRecord, lineAndColumnAt } from './json-text';

/** One parsed element: attributes and child elements by name. */
export type XmlNode = Record<string, unknown>;

/** Elements that may repeat in an OCTGN set file, always read as arrays. */
const REPEATED = new Set(['card', 'property', 'pack', 'pick', 'option', 'options']);

/** Key under which captureMetaData stores a node's position (a symbol; typed loosely by the library). */
const META = XMLParser.getMetaDataSymbol() as unknown as symbol;

/**
 * Deepest element nesting accepted. An OCTGN set file nests 6 deep (set, packaging, pack, options,
 * option, pick; nested option groups add 2 each); the packaging walk recurses along this nesting,
 * so the bound also keeps it far from the stack limit.
 */
export const MAX_XML_DEPTH = 32;
/** Most characters that entities declared in a DOCTYPE may add to one document. */
export const MAX_ENTITY_EXPANSION = 100_000;

/** A parsed XML document plus a way back to line numbers. */
export interface XmlDocument {
  root: XmlNode;
  /** 1-based line where the element starts in the text, when known. */
  lineOf(node: XmlNode): number | undefined;
  /** Character offset where the element starts, when known (to keep document order). */
  offsetOf(node: XmlNode): number;
}

/** A reference the decoder refuses; `reference` is its text as written ("&#0;"), to find its line. */
class XmlReferenceError extends Error {
  constructor(
    message: string,
    readonly reference: string,
  ) {
    super(message);
  }
}

const PREDEFINED: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/**
 * Whether a numeric character reference may be decoded: a Char of XML 1.0 (§2.2) that is not a
 * control character. Tab, line feed and carriage return stay allowed (XML white space, as they are
 * when written literally); the set limits refuse them in names and attributes anyway.
 */
function isAllowedCodePoint(cp: number): boolean {
  if (cp === 0x09 || cp === 0x0a || cp === 0x0d) return true;
  if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f)) return false; // C0, DEL, C1 controls
  if (cp >= 0xd800 && cp <= 0xdfff) return false; // surrogates are not characters
  if (cp === 0xfffe || cp === 0xffff) return false;
  return cp <= 0x10ffff;
}

/**
 * The entity decoder given to fast-xml-parser (its `entityDecoder` option), replacing its own:
 * - numeric character references are decoded ("&#65;" → "A", "&#x42;" → "B"), and a reference to
 *   a control or non-character ("&#0;", "&#xD800;", "&#x110000;") or a malformed one ("&#xZZ;")
 *   is an error, never silently dropped or kept as text;
 * - the five predefined entities are decoded; internal entities of a DOCTYPE too, up to
 *   MAX_ENTITY_EXPANSION added characters per document (the parser itself refuses external and
 *   parameter entities);
 * - other "&name;" stay as written (as fast-xml-parser does).
 * One pass: a decoded "&amp;#65;" is the text "&#65;", not "A".
 */
class StrictEntityDecoder {
  private entities: Record<string, string> = Object.create(null) as Record<string, string>;
  private expanded = 0;

  setExternalEntities(): void {
    // none: documents bring their own (DOCTYPE), nothing persists between documents
  }

  addInputEntities(entities: Record<string, unknown>): void {
    this.entities = Object.create(null) as Record<string, string>;
    for (const [name, value] of Object.entries(entities)) {
      const text = typeof value === 'string' ? value : (value as { val?: unknown } | null)?.val;
      if (typeof text === 'string') this.entities[name] = text;
    }
    this.expanded = 0;
  }

  reset(): void {
    this.entities = Object.create(null) as Record<string, string>;
    this.expanded = 0;
  }

  setXmlVersion(): void {
    // the same rules for XML 1.0 and 1.1: control characters are refused in both
  }

  decode(text: string): string {
    if (typeof text !== 'string' || !text.includes('&')) return text;
    let out = '';
    let last = 0;
    let i = text.indexOf('&');
    while (i >= 0) {
      const end = text.indexOf(';', i + 1);
      if (end < 0 || end - i > 40) {
        i = text.indexOf('&', i + 1); // a lone "&": kept as written
        continue;
      }
      const token = text.slice(i + 1, end);
      const reference = `&${token};`;
      let replacement: string | undefined;
      if (token.startsWith('#')) {
        const m = /^#(?:x([0-9A-Fa-f]{1,8})|([0-9]{1,10}))$/.exec(token);
        if (!m) throw new XmlReferenceError(`malformed character reference ${reference}`, reference);
        const cp = m[1] !== undefined ? parseInt(m[1], 16) : Number(m[2]);
        if (!isAllowedCodePoint(cp)) {
          const name = cp <= 0x10ffff ? `U+${cp.toString(16).toUpperCase().padStart(4, '0')}` : 'beyond U+10FFFF';
          throw new XmlReferenceError(`character reference ${reference} is ${name}, a control character or not a character`, reference);
        }
        replacement = String.fromCodePoint(cp);
      } else if (Object.hasOwn(PREDEFINED, token)) {
        replacement = PREDEFINED[token];
      } else if (Object.hasOwn(this.entities, token)) {
        replacement = this.entities[token];
        this.expanded += replacement.length;
        if (this.expanded > MAX_ENTITY_EXPANSION) {
          throw new XmlReferenceError(`entity expansion exceeds ${MAX_ENTITY_EXPANSION} characters (at ${reference})`, reference);
        }
      }
      if (replacement === undefined) {
        i = text.indexOf('&', i + 1); // unknown entity: kept as written
        continue;
      }
      out += text.slice(last, i) + replacement;
      last = end + 1;
      i = text.indexOf('&', last);
    }
    return last === 0 ? text : out + text.slice(last);
  }
}

interface OpenTag {
  name: string;
  offset: number;
}

/**
 * Walks the tags of an XML text without parsing it (a loop, no recursion): comments, CDATA,
 * processing instructions and the DOCTYPE are skipped, quoted attribute values may hold ">".
 * @returns the elements still open at the end (outermost first) and the offset of the first
 *   element nested deeper than `maxDepth` (null when none).
 */
function scanTags(text: string, maxDepth: number): { open: OpenTag[]; tooDeepAt: number | null } {
  const stack: OpenTag[] = [];
  let tooDeepAt: number | null = null;
  const skipTo = (marker: string, from: number): number => {
    const at = text.indexOf(marker, from);
    return at < 0 ? text.length : at + marker.length;
  };
  let i = text.indexOf('<');
  while (i >= 0 && i < text.length) {
    if (text.startsWith('<!--', i)) i = skipTo('-->', i + 4);
    else if (text.startsWith('<![CDATA[', i)) i = skipTo(']]>', i + 9);
    else if (text.startsWith('<?', i)) i = skipTo('?>', i + 2);
    else if (text.startsWith('<!', i)) {
      // DOCTYPE (or another declaration): ends at the first ">" outside quotes and its [internal subset]
      let j = i + 2;
      let depth = 0;
      let quote = '';
      for (; j < text.length; j++) {
        const c = text[j];
        if (quote) {
          if (c === quote) quote = '';
        } else if (c === '"' || c === "'") quote = c;
        else if (c === '[') depth++;
        else if (c === ']') depth--;
        else if (c === '>' && depth <= 0) break;
      }
      i = j + 1;
    } else {
      const closing = text[i + 1] === '/';
      let j = i + 1;
      let quote = '';
      for (; j < text.length; j++) {
        const c = text[j];
        if (quote) {
          if (c === quote) quote = '';
        } else if (c === '"' || c === "'") quote = c;
        else if (c === '>') break;
      }
      const name = /^[^\s/>]*/.exec(text.slice(i + (closing ? 2 : 1), Math.min(j, i + 200)))?.[0] ?? '';
      if (closing) {
        // Pop to the element it closes (looking back a little only: the text was validated).
        for (let k = stack.length - 1; k >= Math.max(0, stack.length - 64); k--) {
          if (stack[k].name === name) {
            stack.length = k;
            break;
          }
        }
      } else if (text[j - 1] !== '/') {
        stack.push({ name, offset: i });
        if (stack.length > maxDepth && tooDeepAt === null) tooDeepAt = i;
      }
      i = j + 1;
    }
    i = text.indexOf('<', i);
  }
  return { open: stack, tooDeepAt };
}

function malformed(what: string, reason: string, text: string, offset: number | null): DomainError {
  const at = offset === null ? null : lineAndColumnAt(text, offset);
  const where = at ? ` at line ${at.line}, column ${at.column}` : '';
  return new DomainError('MALFORMED_BODY', `${what} is not well-formed XML${where}: ${reason}`, [
    { rule: 'xml', message: at ? `${reason} (column ${at.column})` : reason, ...(at ? { line: at.line } : {}) },
  ]);
}

/** Where in the text a parser exception points, when its message lets us find it. */
function offsetOfParserError(error: unknown, text: string): number | null {
  if (error instanceof XmlReferenceError) {
    const at = text.indexOf(error.reference);
    return at < 0 ? null : at;
  }
  const message = error instanceof Error ? error.message : '';
  if (/doctype|entit/i.test(message)) {
    const at = text.search(/<!DOCTYPE/i);
    return at < 0 ? null : at;
  }
  if (/nested/i.test(message)) return scanTags(text, MAX_XML_DEPTH).tooDeepAt;
  return null;
}

/**
 * Checks well-formedness with XMLValidator (for its line/column), nesting (MAX_XML_DEPTH), then
 * parses with StrictEntityDecoder. Every exception of the parser library becomes MALFORMED_BODY
 * with its message (and line when known): external or parameter entities, too many or too large
 * entities, expansion beyond MAX_ENTITY_EXPANSION, bad character references, too deep nesting.
 * @throws DomainError MALFORMED_BODY with detail.line (and the column in the message) when known.
 */
export function parseXmlDocument(text: string, what: string): XmlDocument {
  let valid: ReturnType<typeof XMLValidator.validate>;
  try {
    valid = XMLValidator.validate(text);
  } catch (error) {
    throw malformed(what, error instanceof Error ? error.message : String(error), text, offsetOfParserError(error, text));
  }
  if (valid !== true) {
    const { msg, line, col } = valid.err;
    // At the end of the text the validator names the unclosed elements only ("Invalid '[ "set",
    // "cards", "card"]' found", at line 1, column 1): say which ones, from where they were opened.
    const { open } = /^Invalid '\[/.test(msg) ? scanTags(text, Number.MAX_SAFE_INTEGER) : { open: [] };
    if (open.length > 0) {
      const innermost = open[open.length - 1];
      const names = open
        .map((t) => `<${t.name.slice(0, 40)}>`)
        .reverse()
        .join(', ');
      throw malformed(what, `the text ends before ${names} ${open.length === 1 ? 'is' : 'are'} closed (${`<${innermost.name.slice(0, 40)}>`} opened here)`, text, innermost.offset);
    }
    throw new DomainError('MALFORMED_BODY', `${what} is not well-formed XML at line ${line}, column ${col}: ${msg}`, [{ rule: 'xml', message: `${msg} (column ${col})`, line }]);
  }
  const { tooDeepAt } = scanTags(text, MAX_XML_DEPTH);
  if (tooDeepAt !== null) throw malformed(what, `elements nest more than ${MAX_XML_DEPTH} levels deep`, text, tooDeepAt);

  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    parseTagValue: false,
    parseAttributeValue: false,
    ignoreDeclaration: true,
    ignorePiTags: true,
    entityDecoder: new StrictEntityDecoder(),
    // A backstop only: scanTags above refuses deeper nesting first, with its line.
    maxNestedTags: MAX_XML_DEPTH + 2,
    captureMetaData: true,
    isArray: (name) => REPEATED.has(name),
  });
  let root: unknown;
  try {
    root = parser.parse(text) as unknown;
  } catch (error) {
    throw malformed(what, error instanceof Error ? error.message : String(error), text, offsetOfParserError(error, text));
  }
  if (!isRecord(root)) {
    throw new DomainError('MALFORMED_BODY', `${what} has no root element`, [{ rule: 'xml', message: 'no root element' }]);
  }
  const offsetOf = (node: XmlNode): number => {
    const meta = (node as Record<symbol, unknown>)[META];
    return isRecord(meta) && typeof meta.startIndex === 'number' ? meta.startIndex : Number.MAX_SAFE_INTEGER;
  };
  // Offsets where lines start, built on first use: a line is then a binary search, not a rescan of
  // the text for every card.
  let lineStarts: number[] | null = null;
  return {
    root,
    offsetOf,
    lineOf: (node) => {
      const offset = offsetOf(node);
      if (offset === Number.MAX_SAFE_INTEGER) return undefined;
      if (!lineStarts) {
        lineStarts = [0];
        for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
      }
      let lo = 0;
      let hi = lineStarts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (lineStarts[mid] <= offset) lo = mid;
        else hi = mid - 1;
      }
      return lo + 1;
    },
  };
}

/** An attribute's text (trimmed), or undefined when absent. */
export function attr(node: XmlNode, name: string): string | undefined {
  const v = node[name];
  return typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : undefined;
}

/** Child elements with a tag name (empty when none). Text-only children are ignored. */
export function children(node: XmlNode, tag: string): XmlNode[] {
  const v = node[tag];
  const list = Array.isArray(v) ? v : v === undefined ? [] : [v];
  return list.map((c) => (isRecord(c) ? c : {}));
}

/** The single child element with a tag name, if any. */
export function child(node: XmlNode, tag: string): XmlNode | undefined {
  return children(node, tag)[0];
}
