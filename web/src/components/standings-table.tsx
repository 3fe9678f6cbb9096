import { useTranslation } from 'react-i18next';
import type { Schemas } from '../api/client';
import { TIEBREAKERS } from '../../../src/tournament/rules/tiebreakers';

const pct = (x: number) => `${(x * 100).toFixed(2)}%`;

/** Standings: rank, match points, record and the tiebreakers in their order (TIEBREAKERS; the first on phones, all on wide screens). */
export function StandingsTable({ rows }: { rows: Schemas['StandingDto'][] }) {
  const { t } = useTranslation();
  return (
    <div className="table-wrap">
      <table data-testid="standings" className="standings">
        <thead>
          <tr>
            <th>#</th>
            <th>{t('standings.player')}</th>
            <th title={t('standings.matchPoints')}>{t('standings.points')}</th>
            <th>{t('standings.record')}</th>
            {TIEBREAKERS.map((tb, i) => (
              <th key={tb.key} className={i === 0 ? undefined : 'wide-only'} title={tb.description}>
                {tb.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.teamId ?? r.playerId} className={r.dropped ? 'dropped' : ''}>
              <td>{r.rank}</td>
              <td>
                {r.name}
                {r.dropped && <span className="muted"> ({t('standings.dropped')})</span>}
              </td>
              <td>{r.matchPoints}</td>
              <td>{r.record}</td>
              {TIEBREAKERS.map((tb, i) => (
                <td key={tb.key} className={i === 0 ? undefined : 'wide-only'}>
                  {pct(r[tb.key])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
