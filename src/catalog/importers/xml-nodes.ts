/**
 * Reading fast-xml-parser output (attributes without prefix, repeated elements as arrays,
 * node positions captured) with types, for the OCTGN importer.
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

/** A parsed XML document plus a way back to line numbers. */
export interface XmlDocument {
  root: XmlNode;
  /** 1-based line where the element starts in the text, when known. */
  lineOf(node: XmlNode): number | undefined;
  /** Character offset where the element starts, when known (to keep document order). */
  offsetOf(node: XmlNode): number;
}

/**
 * Checks well-formedness with XMLValidator (for its line/column), then parses.
 * @throws DomainError MALFORMED_BODY with detail.line (and the column in the message) for XML that
 *   is not well-formed.
 */
export function parseXmlDocument(text: string, what: string): XmlDocument {
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    const { msg, line, col } = valid.err;
    throw new DomainError('MALFORMED_BODY', `${what} is not well-formed XML at line ${line}, column ${col}: ${msg}`, [
      { rule: 'xml', message: `${msg} (column ${col})`, line },
    ]);
  }
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    parseTagValue: false,
    parseAttributeValue: false,
    ignoreDeclaration: true,
    ignorePiTags: true,
    htmlEntities: false,
    captureMetaData: true,
    isArray: (name) => REPEATED.has(name),
  });
  const root = parser.parse(text) as unknown;
  if (!isRecord(root)) {
    throw new DomainError('MALFORMED_BODY', `${what} has no root element`, [{ rule: 'xml', message: 'no root element' }]);
  }
  const offsetOf = (node: XmlNode): number => {
    const meta = (node as Record<symbol, unknown>)[META];
    return isRecord(meta) && typeof meta.startIndex === 'number' ? meta.startIndex : Number.MAX_SAFE_INTEGER;
  };
  return {
    root,
    offsetOf,
    lineOf: (node) => {
      const offset = offsetOf(node);
      return offset === Number.MAX_SAFE_INTEGER ? undefined : lineAndColumnAt(text, offset).line;
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
