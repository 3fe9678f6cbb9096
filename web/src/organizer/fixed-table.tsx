import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, staffAuth, call, type StaffAuth } from '../api/client';
import { ErrorMessage } from '../components/error-message';

/**
 * A player's fixed table (docs/rules.md "Fixed tables"): for a player who cannot move, every round
 * paired afterwards keeps their match at this table. Empty clears it.
 */
export function FixedTableInput({
  eventId,
  auth,
  playerId,
  name,
  fixedTable,
  onDone,
}: {
  eventId: string;
  auth: StaffAuth;
  playerId: string;
  name: string;
  fixedTable: number | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState<string | null>(null);
  const shown = value ?? (fixedTable === null ? '' : String(fixedTable));
  const save = useMutation({
    mutationFn: (table: number | null) =>
      call(api.PUT('/api/events/{id}/players/{playerId}/fixed-table', { params: { path: { id: eventId, playerId } }, body: { fixedTable: table }, ...staffAuth(auth) })),
    onSuccess: () => {
      setValue(null);
      onDone();
    },
  });
  const submit = () => {
    if (value === null) return;
    const table = value.trim() === '' ? null : Number(value);
    if (table === fixedTable) return setValue(null);
    save.mutate(table);
  };
  return (
    <span className="fixed-table">
      <label className="inline" title={t('pairingEdits.fixedHint')}>
        <span className="fixed-label">{t('pairingEdits.fixedTable')}</span>
        <input
          type="number"
          min={1}
          max={999}
          inputMode="numeric"
          className="narrow"
          aria-label={t('pairingEdits.fixedTableOf', { name })}
          value={shown}
          placeholder={t('pairingEdits.fixedPlaceholder')}
          onChange={(e) => setValue(e.target.value)}
          onBlur={submit}
          onKeyDown={(e) => e.key === 'Enter' && submit()}
          disabled={save.isPending}
        />
      </label>
      <ErrorMessage error={save.error} />
    </span>
  );
}
