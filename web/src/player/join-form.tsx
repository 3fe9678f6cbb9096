import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, call, type EventView } from '../api/client';
import { ErrorMessage } from '../components/error-message';
import type { PlayerSession } from '../session';

/** Join: a name (and a member number if the store uses them, the join code if the event has one). */
export function JoinForm({ event, onJoined }: { event: EventView; onJoined: (s: PlayerSession) => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [memberNumber, setMemberNumber] = useState('');
  const [joinCode, setJoinCode] = useState('');
  const join = useMutation({
    mutationFn: () =>
      call(
        api.POST('/api/events/{id}/players', {
          params: { path: { id: event.id } },
          body: { name: name.trim(), ...(memberNumber.trim() ? { memberNumber: memberNumber.trim() } : {}), ...(event.joinCodeRequired ? { joinCode } : {}) },
        }),
      ),
    onSuccess: (p) => onJoined({ eventId: event.id, code: event.code, playerId: p.playerId, name: p.name, token: p.token }),
  });
  if (event.state === 'complete' || event.state === 'cancelled') return <p>{t('join.closed')}</p>;
  return (
    <form
      className="narrow"
      onSubmit={(e) => {
        e.preventDefault();
        join.mutate();
      }}
    >
      <h2>{t('join.title')}</h2>
      {event.state !== 'registration' && <p className="muted">{t('join.lateEntry')}</p>}
      <label>
        {t('join.name')}
        <input value={name} onChange={(e) => setName(e.target.value)} required maxLength={60} autoComplete="nickname" />
      </label>
      <label>
        {t('join.memberNumber')} <span className="muted">({t('common.optional')})</span>
        <input value={memberNumber} onChange={(e) => setMemberNumber(e.target.value)} maxLength={40} inputMode="numeric" />
      </label>
      {event.joinCodeRequired && (
        <label>
          {t('join.joinCode')}
          <input value={joinCode} onChange={(e) => setJoinCode(e.target.value)} required autoComplete="off" />
        </label>
      )}
      <ErrorMessage error={join.error} />
      <button type="submit" disabled={join.isPending || !name.trim()}>
        {t('join.submit')}
      </button>
    </form>
  );
}
