import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api, staffAuth, call, type EventView, type Schemas, type StaffAuth } from '../api/client';
import { ErrorMessage } from '../components/error-message';

type Pairing = Schemas['PairingDto'];

/**
 * Repairs of the latest Swiss round before results (docs/rules.md "Pairing corrections"): swap two
 * players (or one with the bye) and re-pair the whole round. Shown while no match of the round has a
 * result (the bye's aside); the server also refuses once a report or a penalty is in.
 */
export function PairingEdits({
  event,
  auth,
  number,
  kind,
  pairings,
  onDone,
}: {
  event: EventView;
  auth: StaffAuth;
  number: number;
  kind: string;
  pairings: Pairing[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [first, setFirst] = useState('');
  const [second, setSecond] = useState('');
  const path = { params: { path: { id: event.id, number } }, ...staffAuth(auth) };
  const swap = useMutation({
    mutationFn: (allowRematch: boolean) => call(api.POST('/api/events/{id}/rounds/{number}/swap', { ...path, body: { playerId: first, withPlayerId: second, allowRematch } })),
    onSuccess: () => {
      setFirst('');
      setSecond('');
      onDone();
    },
  });
  const repair = useMutation({
    mutationFn: () => call(api.POST('/api/events/{id}/rounds/{number}/repair', { ...path, body: {} })),
    onSuccess: onDone,
  });
  if (kind !== 'swiss' || pairings.some((p) => p.playerB && p.result)) return null;
  // Every side of the round with where it sits now: "Anna — table 3" / "Boris — bye".
  const sides = pairings.flatMap((p) =>
    [p.playerA, ...(p.playerB ? [p.playerB] : [])].map((s) => ({
      id: s.playerId,
      label: `${s.name} — ${p.playerB ? t('pairingEdits.atTable', { table: p.table }) : t('play.bye')}`,
    })),
  );
  const nameOf = (id: string) => sides.find((s) => s.id === id)?.label.split(' — ')[0] ?? id;
  const rematch = swap.error instanceof ApiError && swap.error.code === 'PAIRING_REMATCH' ? swap.error : null;
  return (
    <div className="pairing-edits no-print" data-testid="pairing-edits">
      <h3>{t('pairingEdits.title')}</h3>
      <p className="muted">{t('pairingEdits.hint')}</p>
      <div className="actions">
        <select aria-label={t('pairingEdits.first')} value={first} onChange={(e) => setFirst(e.target.value)}>
          <option value="">{t('pairingEdits.choose')}</option>
          {sides.map((s) => (
            <option key={s.id} value={s.id}>
              {s.label}
            </option>
          ))}
        </select>
        <span aria-hidden="true">⇄</span>
        <select aria-label={t('pairingEdits.second')} value={second} onChange={(e) => setSecond(e.target.value)}>
          <option value="">{t('pairingEdits.choose')}</option>
          {sides
            .filter((s) => s.id !== first)
            .map((s) => (
              <option key={s.id} value={s.id}>
                {s.label}
              </option>
            ))}
        </select>
        <button type="button" onClick={() => swap.mutate(false)} disabled={!first || !second || swap.isPending}>
          {t('pairingEdits.swap')}
        </button>
        <button type="button" onClick={() => window.confirm(t('pairingEdits.repairConfirm', { number })) && repair.mutate()} disabled={repair.isPending}>
          {t('pairingEdits.repair')}
        </button>
      </div>
      {rematch ? (
        <div className="notice" role="alert" data-code="PAIRING_REMATCH">
          <strong>{t('pairingEdits.rematch')}</strong>
          <ul>
            {rematch.details.map((d, i) => (
              <li key={i}>{d.rule === 'repeatBye' ? t('pairingEdits.repeatBye', { name: nameOf(d.field ?? '') }) : (d.field ?? '').split(',').map(nameOf).join(' – ')}</li>
            ))}
          </ul>
          <button type="button" onClick={() => swap.mutate(true)} disabled={swap.isPending}>
            {t('pairingEdits.swapAnyway')}
          </button>
        </div>
      ) : (
        <ErrorMessage error={swap.error ?? repair.error} />
      )}
    </div>
  );
}
