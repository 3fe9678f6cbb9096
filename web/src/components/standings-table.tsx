import { useTranslation } from 'react-i18next';
import type { Schemas } from '../api/client';

const pct = (x: number) => `${(x * 100).toFixed(2)}%`;

/** Standings: rank, match points, record and the tiebreakers MW%, OMW%, GW%, OGW%. */
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
            <th>OMW%</th>
            <th className="wide-only">GW%</th>
            <th className="wide-only">OGW%</th>
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
              <td>{pct(r.omwp)}</td>
              <td className="wide-only">{pct(r.gwp)}</td>
              <td className="wide-only">{pct(r.ogwp)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
