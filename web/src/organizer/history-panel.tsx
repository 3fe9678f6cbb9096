import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, call, staffAuth, type EventView, type Schemas, type StaffAuth } from '../api/client';
import { ErrorMessage } from '../components/error-message';

type Entry = Schemas['AuditEntryDto'];

/** The filters offered: an action prefix each (GET /api/events/:id/audit?action=). */
const FILTERS = [
  ['', 'history.all'],
  ['event', 'history.eventFilter'],
  ['player', 'history.playerFilter'],
  ['round', 'history.roundFilter'],
  ['pairing', 'history.roundFilter'],
  ['result', 'history.resultFilter'],
  ['penalty', 'history.penaltyFilter'],
  ['deck', 'history.deckFilter'],
] as const;

/**
 * The event's history (the audit trail, docs/architecture.md "Audit trail"): who changed what,
 * when, before → after and why, newest first, 50 at a time. A match's row narrows it to that
 * match: a result's history (entered, reported, corrected, penalties). Folded until opened: it is
 * read only then.
 */
export function HistoryPanel({ event, auth }: { event: EventView; auth: StaffAuth }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [action, setAction] = useState('');
  const [matchId, setMatchId] = useState<string | null>(null);
  const query = useInfiniteQuery({
    queryKey: ['audit', event.id, action, matchId],
    enabled: open,
    refetchInterval: open ? 10_000 : undefined,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      call(
        api.GET('/api/events/{id}/audit', {
          params: { path: { id: event.id }, query: { limit: 50, cursor: pageParam, ...(action ? { action } : {}), ...(matchId ? { matchId } : {}) } },
          ...staffAuth(auth),
        }),
      ),
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
  const entries = query.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <details className="history-panel no-print" data-testid="history-panel" onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary>
        <h2>{t('history.title')}</h2>
      </summary>
      <p className="muted">{t('history.intro')}</p>
      <div className="inline-form">
        <label>
          {t('history.filter')}
          <select value={action} onChange={(e) => setAction(e.target.value)} disabled={matchId !== null}>
            {FILTERS.filter(([prefix]) => prefix !== 'pairing').map(([prefix, label]) => (
              <option key={prefix} value={prefix}>
                {t(label)}
              </option>
            ))}
          </select>
        </label>
        {matchId && (
          <button type="button" onClick={() => setMatchId(null)}>
            {t('history.showAll')}
          </button>
        )}
      </div>
      {query.isSuccess && entries.length === 0 && <p className="muted">{t('history.empty')}</p>}
      {entries.length > 0 && (
        <ol className="history-list">
          {entries.map((e) => (
            <HistoryEntry key={e.id} entry={e} onMatch={matchId ? undefined : () => (setAction(''), setMatchId(e.matchId))} />
          ))}
        </ol>
      )}
      {query.hasNextPage && (
        <button type="button" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
          {t('history.more')}
        </button>
      )}
      <ErrorMessage error={query.error} />
    </details>
  );
}

/** One change: when, who (name, role or "player"), what with its subject, before → after, the reason. */
function HistoryEntry({ entry, onMatch }: { entry: Entry; onMatch?: () => void }) {
  const { t, i18n } = useTranslation();
  const when = new Date(entry.at).toLocaleString(i18n.resolvedLanguage, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', second: '2-digit' });
  const who = entry.actor.kind === 'system' ? `${t('history.system')} (${entry.actor.name})` : entry.actor.name;
  const role = entry.actor.kind === 'staff' ? entry.actor.role : entry.actor.kind === 'player' ? t('history.player') : null;
  const key = entry.action.replace('.', '_');
  const what = i18n.exists(`history.action.${key}`) ? t(`history.action.${key}` as 'history.title') : entry.action;
  const before = describe(entry.before);
  const after = describe(entry.after);
  return (
    <li className="history-entry" data-action={entry.action}>
      <span className="muted history-when">{when}</span> <strong>{who}</strong>
      {role && <span className="badge">{role}</span>} <span>{what}</span>
      {subjectText(entry, t) && <span className="muted"> · {subjectText(entry, t)}</span>}
      {(before || after) && (
        <div className="history-change">
          {before ?? '—'} → {after ?? '—'}
        </div>
      )}
      {entry.reason && (
        <div className="history-reason">
          {t('history.reason')}: {entry.reason}
        </div>
      )}
      {entry.matchId && onMatch && (
        <button type="button" className="link-button" onClick={onMatch}>
          {t('history.matchOnly')}
        </button>
      )}
    </li>
  );
}

/** The subject in a line: round, table, the players' names. */
function subjectText(entry: Entry, t: (key: 'history.round' | 'history.table', values: Record<string, unknown>) => string): string {
  const s = entry.subject as Record<string, unknown>;
  const parts: string[] = [];
  if (typeof s.round === 'number') parts.push(t('history.round', { round: s.round }));
  if (typeof s.table === 'number') parts.push(t('history.table', { table: s.table }));
  if (typeof s.playerA === 'string') parts.push(`${s.playerA} — ${typeof s.playerB === 'string' ? s.playerB : '…'}`);
  else if (typeof s.name === 'string') parts.push(s.name);
  if (typeof s.league === 'string') parts.push(s.league);
  return parts.join(', ');
}

/** A before or after value in a few words: a score as 2-1-0, a list by its length, fields as key: value. */
function describe(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return `${value.length} ×`;
  if (typeof value !== 'object') return String(value);
  const v = value as Record<string, unknown>;
  if (typeof v.winsA === 'number' && typeof v.winsB === 'number') return `${v.winsA}-${v.winsB}-${typeof v.draws === 'number' ? v.draws : 0}`;
  return Object.entries(v)
    .filter(([, x]) => x !== undefined)
    .map(([k, x]) => `${k}: ${x === null ? '—' : typeof x === 'object' ? JSON.stringify(x) : String(x)}`)
    .join(', ');
}
