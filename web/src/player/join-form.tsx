import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, call, type EventView } from '../api/client';
import { ErrorMessage } from '../components/error-message';
import type { PlayerSession } from '../session';

/**
 * Join: a name (and a member number if the store uses them, the join code if the event has one) —
 * or, for a player the organizer imported, the claim code printed on the player list (a claim
 * link's QR fills it in).
 */
export function JoinForm({ event, onJoined, claimCode = '' }: { event: EventView; onJoined: (s: PlayerSession) => void; claimCode?: string }) {
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
  const selfJoin = (
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
  return (
    <>
      {claimCode ? null : selfJoin}
      <ClaimForm event={event} onJoined={onJoined} initial={claimCode} />
    </>
  );
}

/** "I have a claim code": takes the seat the organizer made for an imported player. */
function ClaimForm({ event, onJoined, initial }: { event: EventView; onJoined: (s: PlayerSession) => void; initial: string }) {
  const { t } = useTranslation();
  const [code, setCode] = useState(initial);
  const claim = useMutation({
    mutationFn: () => call(api.POST('/api/events/{id}/claim', { params: { path: { id: event.id } }, body: { claimCode: code.trim() } })),
    onSuccess: (p) => onJoined({ eventId: event.id, code: event.code, playerId: p.playerId, name: p.name, token: p.token }),
  });
  return (
    <form
      className="narrow claim-form"
      onSubmit={(e) => {
        e.preventDefault();
        claim.mutate();
      }}
    >
      <h2>{initial ? t('claim.titleFromLink') : t('claim.title')}</h2>
      <p className="muted">{t('claim.hint')}</p>
      <label>
        {t('claim.code')}
        <input
          value={code}
          onChange={(e) => setCode(e.target.value.toUpperCase())}
          required
          maxLength={12}
          autoComplete="off"
          autoCapitalize="characters"
          placeholder="ABCD-EFGH"
        />
      </label>
      <ErrorMessage error={claim.error} />
      <button type="submit" disabled={claim.isPending || code.replace(/[\s-]/g, '').length !== 8}>
        {t('claim.submit')}
      </button>
    </form>
  );
}
