import { useTranslation } from 'react-i18next';
import type { ImportedList } from '../data/deck-lists';

/**
 * What reading a pasted deck list did with every line that is not a card of the deck: names that
 * found no card (with the server's suggestion), lines it could not read, lines it left out and why
 * (a title, a comment, a heading), and the decisions to check (cards after a blank line read as the
 * sideboard, a hero found among the cards). Nothing a player typed disappears unsaid.
 */
export function ListReading({ list }: { list: ImportedList }) {
  const { t, i18n } = useTranslation();
  const english = i18n.resolvedLanguage?.startsWith('en') ?? true;
  // In English the server's sentence; in another language the reason's own words, built from the
  // line's name, set and candidates (the server's notes, free text, stay English, marked as such).
  const unresolvedText = (u: ImportedList['unresolved'][number]): string => {
    const line = t('listDeck.unresolved', { line: u.line, message: u.message });
    if (english) return line;
    const candidates = [...new Set(u.candidates.map((c) => (u.reason === 'unknown' ? c.name : `${c.name} (${c.setCode})`)))].join(', ');
    const key = u.reason === 'unknown' && candidates === '' ? 'unknownNoMatch' : u.reason;
    return t(`listDeck.unresolvedReason.${key}`, { line: u.line, name: u.name, set: u.set ?? '', candidates, defaultValue: line });
  };
  const cards = (list.deck.hero ? 1 : 0) + [...list.deck.main, ...list.deck.sideboard].reduce((n, e) => n + e.count, 0);
  const problems = [
    ...list.unresolved.map((u) => ({ line: u.line, text: unresolvedText(u), kind: 'warn' })),
    ...list.errors.map((e) => ({ line: e.line, text: t('listDeck.unreadable', { line: e.line, message: e.message }), kind: 'warn', english: true })),
    ...list.notes.map((n) => ({ line: n.line, text: t('listDeck.note', { line: n.line, message: n.message }), kind: 'note', english: true })),
    ...list.ignored.map((i) => ({
      line: i.line,
      text: t('listDeck.ignored', { line: i.line, reason: t(`listDeck.ignoredReason.${i.reason}`, { defaultValue: i.reason }), text: i.text }),
      kind: 'muted',
    })),
  ].sort((a, b) => a.line - b.line);
  const detected = list.encoding.source === 'detected' || list.encoding.source === 'xml-declaration';
  if (problems.length === 0 && !detected) return null;
  return (
    <div className="list-reading" data-testid="list-reading">
      <p>{t('listDeck.readSummary', { cards })}</p>
      {detected && (
        <p className="muted" data-testid="list-encoding">
          {t('listDeck.encoding', { encoding: list.encoding.name })}
        </p>
      )}
      <ul>
        {problems.map((p, i) => (
          <li key={i} className={p.kind} lang={!english && 'english' in p ? 'en' : undefined}>
            {p.text}
          </li>
        ))}
      </ul>
    </div>
  );
}
