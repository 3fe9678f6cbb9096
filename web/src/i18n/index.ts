import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import { ru } from './ru';

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'ru', label: 'Русский' },
] as const;

/**
 * English and Russian (Berserk's players are Russian-speaking). The language comes from `?lang=`,
 * then the one chosen before (localStorage), then the browser's; card names stay as in the data.
 * A key missing in a language is an error in the console (the browser tests fail on it).
 */
export function initI18n(): typeof i18n {
  void i18n
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      resources: { en: { translation: en }, ru: { translation: ru } },
      supportedLngs: ['en', 'ru'],
      nonExplicitSupportedLngs: true,
      fallbackLng: 'en',
      interpolation: { escapeValue: false },
      detection: { order: ['querystring', 'localStorage', 'navigator'], lookupQuerystring: 'lang', lookupLocalStorage: 'podium.lang', caches: ['localStorage'] },
      saveMissing: true,
      // Values with a default (card types, traits, error hints from the data) are not missing keys.
      missingKeyHandler: (lngs, _ns, key, _fallback, _update, options) => {
        if ((options as { defaultValue?: unknown } | undefined)?.defaultValue === undefined) console.error(`i18n: missing key "${key}" for ${lngs.join(',')}`);
      },
      returnNull: false,
    });
  i18n.on('languageChanged', (lng) => document.documentElement.setAttribute('lang', lng));
  document.documentElement.setAttribute('lang', i18n.resolvedLanguage ?? 'en');
  return i18n;
}
