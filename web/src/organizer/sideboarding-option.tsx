import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, staffAuth, call, type EventView, type StaffAuth } from '../api/client';
import { ErrorMessage } from '../components/error-message';
import { useMay } from './event-permissions';
import { eventKey } from './event-console';

/**
 * The event's sideboarding option (docs/rules.md "Sideboarding allowed or not"): shown always,
 * changeable until round 1 is paired (the server's SIDEBOARDING_OPTION_WINDOW).
 */
export function SideboardingOption({ event, auth }: { event: EventView; auth: StaffAuth }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const may = useMay();
  const editable = event.roundCount === 0 && ['registration', 'drafting', 'building'].includes(event.state);
  const save = useMutation({
    mutationFn: (sideboarding: boolean) => call(api.PATCH('/api/events/{id}', { params: { path: { id: event.id } }, body: { sideboarding }, ...staffAuth(auth) })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKey(event.id) }),
  });
  // Roles that may not edit the event read the rule, without a checkbox.
  if (!may('event.manage'))
    return (
      <p className="no-print muted" data-testid="sideboarding-option">
        {event.sideboarding ? t('sideboarding.on') : t('sideboarding.off')}
      </p>
    );
  return (
    <div className="no-print" data-testid="sideboarding-option">
      <label className="inline">
        <input type="checkbox" checked={event.sideboarding} disabled={!editable || save.isPending} onChange={(e) => save.mutate(e.target.checked)} /> {t('sideboarding.label')}
      </label>{' '}
      <span className="muted">{event.sideboarding ? t('sideboarding.on') : t('sideboarding.off')}</span>
      {!editable && <span className="muted"> {t('sideboarding.locked')}</span>}
      <ErrorMessage error={save.error} />
    </div>
  );
}
