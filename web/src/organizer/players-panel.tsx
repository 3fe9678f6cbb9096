import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, bearer, call, type EventView } from '../api/client';
import { ErrorMessage } from '../components/error-message';
import { QrCode } from '../components/qr-code';
import { useJoinBase } from '../data/join-base';
import { rejoinLink } from '../session';
import { eventKey } from './event-console';

/**
 * Registration: the player list as it fills; add a player by name (someone without a phone: their
 * token is shown as a QR code / link to open on any device), remove, reissue a token (lost phone),
 * mark absent (a bot picks for them); form teams at random for team events.
 */
export function PlayersPanel({ event, token }: { event: EventView; token: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const players = useQuery({
    queryKey: ['players', event.id],
    refetchInterval: 3_000,
    queryFn: () => call(api.GET('/api/events/{id}/players', { params: { path: { id: event.id } }, ...bearer(token) })),
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['players', event.id] });
    void queryClient.invalidateQueries({ queryKey: eventKey(event.id) });
  };
  const [name, setName] = useState('');
  const [shown, setShown] = useState<{ name: string; token: string } | null>(null);
  const join = useJoinBase();
  const add = useMutation({
    mutationFn: () => call(api.POST('/api/events/{id}/players', { params: { path: { id: event.id } }, body: { name: name.trim() }, ...bearer(token) })),
    onSuccess: (p) => {
      setName('');
      setShown({ name: p.name, token: p.token });
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (playerId: string) => call(api.DELETE('/api/events/{id}/players/{playerId}', { params: { path: { id: event.id, playerId } }, ...bearer(token) })),
    onSuccess: refresh,
  });
  const reissue = useMutation({
    mutationFn: (p: { playerId: string; name: string }) =>
      call(api.POST('/api/events/{id}/players/{playerId}/token', { params: { path: { id: event.id, playerId: p.playerId } }, ...bearer(token) })).then((r) => ({
        name: p.name,
        token: r.token,
      })),
    onSuccess: setShown,
  });
  const absent = useMutation({
    mutationFn: (p: { playerId: string; absent: boolean }) =>
      call(api.POST('/api/events/{id}/players/{playerId}/absent', { params: { path: { id: event.id, playerId: p.playerId } }, body: { absent: p.absent }, ...bearer(token) })),
    onSuccess: refresh,
  });
  const teams = useMutation({ mutationFn: () => call(api.POST('/api/events/{id}/teams/auto', { params: { path: { id: event.id } }, ...bearer(token) })), onSuccess: refresh });
  const list = players.data ?? [];
  return (
    <section className="no-print">
      <h2>{t('players.title', { count: list.length })}</h2>
      {event.state !== 'complete' && (
        <form
          className="inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (name.trim()) add.mutate();
          }}
        >
          <label>
            {t('players.name')}
            <input value={name} onChange={(e) => setName(e.target.value)} maxLength={60} />
          </label>
          <button type="submit" disabled={add.isPending || !name.trim()}>
            {t('players.add')}
          </button>
          {event.teamSize && event.state === 'registration' && (
            <button type="button" onClick={() => teams.mutate()} disabled={teams.isPending}>
              {t('players.formTeams')}
            </button>
          )}
        </form>
      )}
      <ErrorMessage error={add.error ?? remove.error ?? reissue.error ?? absent.error ?? teams.error ?? players.error} />
      {shown && (
        <div className="token-box" role="dialog" aria-label={t('players.tokenFor', { name: shown.name })}>
          <p>{t('players.tokenFor', { name: shown.name })}</p>
          <QrCode value={rejoinLink(join.base, event.code, shown.token)} size={160} label={t('players.tokenQr', { name: shown.name })} />
          <input readOnly aria-label={t('player.rejoinLink')} value={rejoinLink(join.base, event.code, shown.token)} onFocus={(e) => e.target.select()} />
          <button type="button" onClick={() => setShown(null)}>
            {t('common.close')}
          </button>
        </div>
      )}
      <table>
        <thead>
          <tr>
            <th>{t('players.name')}</th>
            <th>{t('players.status')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {list.map((p) => (
            <tr key={p.playerId}>
              <td>
                {p.name}
                {p.memberNumber ? <span className="muted"> #{p.memberNumber}</span> : null}
              </td>
              <td>{[p.absent ? t('players.absent') : null, p.lateEntry ? t('players.late') : null, p.teamId ? t('players.inTeam') : null].filter(Boolean).join(', ')}</td>
              <td className="row-actions">
                {event.state === 'registration' && (
                  <button type="button" className="link" onClick={() => remove.mutate(p.playerId)} aria-label={t('players.removeName', { name: p.name })}>
                    {t('players.remove')}
                  </button>
                )}
                <button type="button" className="link" onClick={() => reissue.mutate(p)} aria-label={t('players.reissueName', { name: p.name })}>
                  {t('players.reissue')}
                </button>
                {event.format === 'draft' && event.packSource !== 'physical' && (
                  <button type="button" className="link" onClick={() => absent.mutate({ playerId: p.playerId, absent: !p.absent })}>
                    {p.absent ? t('players.present') : t('players.markAbsent')}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
