import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, call, type EventView } from '../api/client';

/**
 * The pairings as stores post them on the wall: every player alphabetically with their table and
 * opponent (a bye says so), printed on its own (`body[data-print="by-name"]` hides the rest of the
 * console while printing). Beside the by-table pairings and slips the rounds panel prints.
 */
export function PairingsByName({ event }: { event: EventView }) {
  const { t, i18n } = useTranslation();
  const number = event.roundCount;
  const round = useQuery({
    queryKey: ['round', event.id, number, 'by-table'],
    enabled: number > 0,
    queryFn: () => call(api.GET('/api/events/{id}/rounds/{number}', { params: { path: { id: event.id, number }, query: { format: 'json', sort: 'table' } } })),
  });
  if (number === 0 || !round.data) return null;
  const rows = round.data.pairings
    .flatMap((p) => [
      { name: p.playerA.name, table: p.table, opponent: p.playerB?.name ?? null },
      ...(p.playerB ? [{ name: p.playerB.name, table: p.table, opponent: p.playerA.name }] : []),
    ])
    .sort((a, b) => a.name.localeCompare(b.name, i18n.resolvedLanguage) || a.table - b.table);
  const print = () => {
    document.body.dataset.print = 'by-name';
    window.print();
    delete document.body.dataset.print;
  };
  return (
    <>
      <p className="no-print">
        <button type="button" onClick={print}>
          {t('byName.print')}
        </button>
      </p>
      <section className="by-name-sheet">
        <h2>
          {event.name} · {t('play.round', { number })} · {t('byName.title')}
        </h2>
        <table>
          <thead>
            <tr>
              <th>{t('play.player')}</th>
              <th>{t('play.table')}</th>
              <th>{t('play.opponent')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.name}-${r.table}`}>
                <td>{r.name}</td>
                <td>{r.table}</td>
                <td>{r.opponent ?? t('play.bye')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}
