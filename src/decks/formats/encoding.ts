/**
 * The text of a deck list file sent as bytes: which character encodings to try, in order.
 * Pure (no Nest, no I/O): the caller reads the list in each candidate and keeps the one whose
 * names resolve best (DecksService.importList) — detectors confuse short Cyrillic lists
 * (Windows-1251 and KOI8-R look alike to them), the catalog does not.
 *
 * Order of authority: an encoding the caller chose (`?encoding=`), a charset the request declared
 * (`Content-Type: text/plain; charset=…`), a byte order mark, an `.o8d`'s XML declaration, valid
 * UTF-8 (ASCII included); only then detection (chardet's candidates, then the Cyrillic and Western
 * single-byte encodings deck lists are written in).
 */
import { analyse } from 'chardet';
import iconv from 'iconv-lite';
import { DomainError } from '../../common/errors/domain-error';

/** Where the encoding used came from. */
export type EncodingSource = 'chosen' | 'declared' | 'bom' | 'xml-declaration' | 'utf-8' | 'detected';

export interface TextCandidate {
  /** Encoding name as iconv-lite and the answer spell it, lower case ("utf-8", "windows-1251"). */
  encoding: string;
  source: EncodingSource;
  text: string;
}

/** Most encodings tried for one file without a declared one. */
export const MAX_ENCODING_CANDIDATES = 4;
/** Tried after the detector's own guesses: the single-byte encodings Russian and Western lists use. */
const FALLBACKS = ['windows-1251', 'koi8-r', 'windows-1252'];

const known = (name: string): boolean => iconv.encodingExists(name);
const decode = (bytes: Buffer, encoding: string): string => iconv.decode(bytes, encoding); // strips a BOM

function isUtf8(bytes: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * The encodings to read a list in, each with its text; one when the file or the caller says which.
 * @param chosen the caller's choice (`?encoding=`), or undefined.
 * @param declared the request's `charset`, or null.
 * @throws DomainError VALIDATION_FAILED (field `encoding`, rule `encoding`) for a choice no decoder knows.
 */
export function textCandidates(bytes: Buffer, chosen: string | undefined, declared: string | null): TextCandidate[] {
  if (chosen !== undefined) {
    const name = chosen.trim().toLowerCase();
    if (!known(name)) {
      throw new DomainError('VALIDATION_FAILED', `Unknown encoding "${chosen}"`, [
        { field: 'encoding', rule: 'encoding', message: `"${chosen}" is no encoding this server reads (try utf-8, windows-1251, koi8-r)` },
      ]);
    }
    return [{ encoding: name, source: 'chosen', text: decode(bytes, name) }];
  }
  if (declared && known(declared)) return [{ encoding: declared, source: 'declared', text: decode(bytes, declared) }];
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return [{ encoding: 'utf-8', source: 'bom', text: decode(bytes, 'utf-8') }];
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return [{ encoding: 'utf-16le', source: 'bom', text: decode(bytes, 'utf-16le') }];
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return [{ encoding: 'utf-16be', source: 'bom', text: decode(bytes, 'utf-16be') }];
  const xml = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]{1,40})["']/.exec(bytes.subarray(0, 200).toString('latin1'))?.[1]?.toLowerCase();
  if (xml && known(xml)) return [{ encoding: xml, source: 'xml-declaration', text: decode(bytes, xml) }];
  if (isUtf8(bytes)) return [{ encoding: 'utf-8', source: 'utf-8', text: decode(bytes, 'utf-8') }];
  const guessed = analyse(bytes)
    .map((m) => m.name.toLowerCase())
    .filter((n) => n !== 'ascii' && n !== 'utf-8' && known(n));
  // The detector's best guess, then the usual suspects, then its other guesses.
  const names = [...new Set([...guessed.slice(0, 1), ...FALLBACKS, ...guessed.slice(1)])].slice(0, MAX_ENCODING_CANDIDATES);
  return names.map((encoding) => ({ encoding, source: 'detected' as const, text: decode(bytes, encoding) }));
}
