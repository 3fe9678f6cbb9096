import { ERROR_CODES as SERVER_ERROR_CODES } from '../../../src/common/errors/error-response';
import { CLIENT_ERROR_CODES, ERROR_CODES, errorCodeKey, isKnownErrorCode } from './error-codes';
import { en } from './en';
import { ru } from './ru';

describe('error codes', () => {
  it('EVERY_SERVER_CODE_LISTED: the app lists exactly the server codes plus its own', () => {
    expect([...ERROR_CODES].sort()).toEqual([...SERVER_ERROR_CODES, ...CLIENT_ERROR_CODES].sort());
  });

  it.each([
    ['en', en],
    ['ru', ru],
  ])('EVERY_CODE_HAS_TEXT: every error code has a text in %s', (_lang, dict) => {
    const texts = dict.errorCode as Record<string, string | undefined>;
    const missing = ERROR_CODES.filter((code) => !texts[code]?.trim());
    expect(missing).toEqual([]);
  });

  it('NO_TEXT_FOR_UNKNOWN_CODES: a code the server does not send has no text, so its English message shows', () => {
    expect(Object.keys(en.errorCode).filter((code) => !ERROR_CODES.includes(code))).toEqual([]);
    expect(isKnownErrorCode('SOMETHING_NEW')).toBe(false);
    expect(isKnownErrorCode('RATE_LIMITED')).toBe(true);
  });

  it('RUSSIAN_TEXTS_ARE_RUSSIAN: every Russian error text is written in Cyrillic', () => {
    const latinOnly = Object.entries(ru.errorCode).filter(([, text]) => !/[а-яё]/i.test(text));
    expect(latinOnly).toEqual([]);
  });

  it('NON_JSON_ANSWER_IS_HTTP_ERROR: an answer without the error JSON reads as HTTP_ERROR, a server code as itself', () => {
    expect(errorCodeKey('HTTP_502')).toBe('HTTP_ERROR');
    expect(errorCodeKey('JOIN_CODE_INVALID')).toBe('JOIN_CODE_INVALID');
    expect(errorCodeKey('BRAND_NEW_CODE')).toBeNull();
  });
});
