import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, staffAuth, call, type EventView, type Schemas, type StaffAuth } from '../api/client';
import { ErrorMessage } from '../components/error-message';
import { podsKey } from '../data/pods';

type Pod = Schemas['PodDto'];

/**
 * Swap two players' seats before either has picked (docs/rules.md "Seat swaps"): in one pod or
 * across pods. Bot seats cannot be chosen (bots pick as the draft opens); the server refuses a seat
 * that has picked.
 */
export function SeatSwap({ event, auth, pods }: { event: EventView; auth: StaffAuth; pods: Pod[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [first, setFirst] = useState('');
  const [second, setSecond] = useState('');
  const swap = useMutation({
    mutationFn: () => call(api.POST('/api/events/{id}/seats/swap', { params: { path: { id: event.id } }, body: { playerId: first, withPlayerId: second }, ...staffAuth(auth) })),
    onSuccess: () => {
      setFirst('');
      setSecond('');
      void queryClient.invalidateQueries({ queryKey: podsKey(event.id) });
    },
  });
  if (event.state !== 'drafting' || event.packSource === 'physical') return null;
  const seats = pods.flatMap((pod) =>
    pod.seats
      .filter((s) => s.playerId !== null)
      .map((s) => ({ id: s.playerId!, label: `${s.name} — ${t('draftPanel.pod', { number: pod.number })}, ${t('draftPanel.seat')} ${s.seat + 1}` })),
  );
  const options = (except: string) =>
    seats
      .filter((s) => s.id !== except)
      .map((s) => (
        <option key={s.id} value={s.id}>
          {s.label}
        </option>
      ));
  return (
    <div className="seat-swap no-print" data-testid="seat-swap">
      <h3>{t('pairingEdits.seatsTitle')}</h3>
      <p className="muted">{t('pairingEdits.seatsHint')}</p>
      <div className="actions">
        <select aria-label={t('pairingEdits.first')} value={first} onChange={(e) => setFirst(e.target.value)}>
          <option value="">{t('pairingEdits.choose')}</option>
          {options('')}
        </select>
        <span aria-hidden="true">⇄</span>
        <select aria-label={t('pairingEdits.second')} value={second} onChange={(e) => setSecond(e.target.value)}>
          <option value="">{t('pairingEdits.choose')}</option>
          {options(first)}
        </select>
        <button type="button" onClick={() => swap.mutate()} disabled={!first || !second || swap.isPending}>
          {t('pairingEdits.swapSeats')}
        </button>
      </div>
      <ErrorMessage error={swap.error} />
    </div>
  );
}
