import { useTranslation } from 'react-i18next';
import type { Schemas } from '../api/client';

/**
 * A round's pairings by name, for players and the store's TV: player, table, opponent (a bye
 * has none). `tableFirst` puts the table number in the first column (a phone's narrow list).
 */
export function PairingsTable({ pairings, className, tableFirst }: { pairings: Schemas['PairingDto'][]; className: string; tableFirst?: boolean }) {
  const { t } = useTranslation();
  const table = (p: Schemas['PairingDto']) => (
    <td key="table" className="table-number">
      {p.table}
    </td>
  );
  return (
    <table className={className}>
      <thead>
        <tr>
          {tableFirst && <th>{t('play.table')}</th>}
          <th>{t('play.player')}</th>
          {!tableFirst && <th>{t('play.table')}</th>}
          <th>{t('play.opponent')}</th>
        </tr>
      </thead>
      <tbody>
        {pairings.map((p) => (
          <tr key={p.matchId}>
            {tableFirst && table(p)}
            <td>{p.playerA.name}</td>
            {!tableFirst && table(p)}
            <td>{p.playerB?.name ?? t('play.bye')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
