import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, staffAuth, call, type EventView, type Schemas, type StaffAuth } from '../api/client';
import { useMay } from './event-permissions';
import { ErrorMessage } from '../components/error-message';

type Kind = Schemas['GivePenaltyDto']['kind'];
const KINDS: Kind[] = ['warning', 'gameLoss', 'matchLoss'];

/**
 * Penalties as a judge gives them (docs/rules.md "Penalties"): a warning, a game loss or a match
 * loss, to a player of a table in any round, with the reason; the list by round and table, each
 * revocable. A match loss records the opponent's 2-0; a game loss must be counted by the result.
 */
export function PenaltiesPanel({ event, auth }: { event: EventView; auth: StaffAuth }) {
  const { t } = useTranslation();
  const may = useMay();
  const queryClient = useQueryClient();
  // null: the latest round, as rounds go by.
  const [roundNo, setRoundNo] = useState<number | null>(null);
  const [table, setTable] = useState('');
  const [playerId, setPlayerId] = useState('');
  const [kind, setKind] = useState<Kind>('warning');
  const [reason, setReason] = useState('');
  const list = useQuery({
    queryKey: ['penalties', event.id],
    enabled: event.roundCount > 0,
    queryFn: () => call(api.GET('/api/events/{id}/penalties', { params: { path: { id: event.id } }, ...staffAuth(auth) })),
  });
  const chosenRound = Math.min(roundNo ?? event.roundCount, event.roundCount);
  const round = useQuery({
    queryKey: ['round', event.id, chosenRound, 'by-table'],
    enabled: event.roundCount > 0,
    queryFn: () => call(api.GET('/api/events/{id}/rounds/{number}', { params: { path: { id: event.id, number: chosenRound }, query: { format: 'json', sort: 'table' } } })),
  });
  const match = (round.data?.pairings ?? []).find((p) => String(p.table) === table.trim() && p.playerB);
  const sides = match ? [match.playerA, match.playerB!] : [];
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['penalties', event.id] });
    void queryClient.invalidateQueries({ queryKey: ['round', event.id] });
    void queryClient.invalidateQueries({ queryKey: ['standings', event.id] });
  };
  const give = useMutation({
    mutationFn: () =>
      call(api.POST('/api/matches/{matchId}/penalties', { params: { path: { matchId: match!.matchId } }, body: { playerId, kind, reason: reason.trim() }, ...staffAuth(auth) })),
    onSuccess: () => {
      setReason('');
      refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: (penaltyId: string) => call(api.DELETE('/api/events/{id}/penalties/{penaltyId}', { params: { path: { id: event.id, penaltyId } }, ...staffAuth(auth) })),
    onSuccess: refresh,
  });
  if (event.roundCount === 0) return null;
  const penalties = list.data ?? [];
  const gives = may('event.penalties');
  return (
    <section className="no-print" aria-labelledby="penalties-title">
      <h2 id="penalties-title">{t('penalties.title')}</h2>
      {gives && (
        <form
          className="card-form penalty-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (match && playerId && reason.trim()) give.mutate();
          }}
        >
          <label className="inline">
            {t('penalties.round')}
            <select value={chosenRound} onChange={(e) => setRoundNo(Number(e.target.value) === event.roundCount ? null : Number(e.target.value))}>
              {Array.from({ length: event.roundCount }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          <label className="inline">
            {t('play.table')}
            <input inputMode="numeric" size={4} value={table} onChange={(e) => setTable(e.target.value)} />
          </label>
          <label className="inline">
            {t('penalties.player')}
            <select value={playerId} onChange={(e) => setPlayerId(e.target.value)} disabled={!match}>
              <option value="">{match ? t('penalties.choosePlayer') : t('penalties.tableFirst')}</option>
              {sides.map((p) => (
                <option key={p.playerId} value={p.playerId}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
          <label className="inline">
            {t('penalties.kind')}
            <select value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
              {KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`penalties.kinds.${k}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="inline grow">
            {t('penalties.reason')}
            <input value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} placeholder={t('penalties.reasonExample')} />
          </label>
          <button type="submit" disabled={!match || !playerId || !reason.trim() || give.isPending}>
            {t('penalties.give')}
          </button>
          {table.trim() !== '' && round.data && !match && <p className="warn">{t('penalties.noTable', { table: table.trim() })}</p>}
          {kind === 'gameLoss' && <p className="muted">{t('penalties.gameLossHint')}</p>}
        </form>
      )}
      <ErrorMessage error={give.error ?? revoke.error ?? list.error} />
      {penalties.length === 0 ? (
        <p className="muted">{t('penalties.none')}</p>
      ) : (
        <table data-testid="penalties">
          <thead>
            <tr>
              <th>{t('penalties.round')}</th>
              <th>{t('play.table')}</th>
              <th>{t('penalties.player')}</th>
              <th>{t('penalties.kind')}</th>
              <th>{t('penalties.reason')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {penalties.map((p) => (
              <tr key={p.penaltyId}>
                <td>{p.round}</td>
                <td>{p.table}</td>
                <td>{p.name}</td>
                <td>{t(`penalties.kinds.${p.kind}`)}</td>
                <td>{p.reason}</td>
                <td>
                  {gives && (
                    <button type="button" className="link" onClick={() => window.confirm(t('penalties.revokeConfirm', { name: p.name })) && revoke.mutate(p.penaltyId)}>
                      {t('penalties.revoke')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
