import { useTranslation } from 'react-i18next';
import type { EventView, Schemas } from '../api/client';
import { usePods } from '../data/pods';

/**
 * A draft of real boosters, on the player's phone: where they sit (pod and seat, their neighbours)
 * and how packs pass; the draft itself happens at the table. Deck building opens when the organizer
 * ends the draft.
 */
export function TableDraft({ event, me }: { event: EventView; me: Schemas['MeDto'] }) {
  const { t } = useTranslation();
  const pods = usePods(event.id, 30_000);
  const pod = pods.data?.find((p) => p.podId === me.podId);
  if (me.seat === null || me.seat === undefined) return <p className="waiting">{t('tableDraft.notSeated')}</p>;
  const seats = pod?.seats.length ?? 0;
  const nameAt = (seat: number) => pod?.seats.find((s) => s.seat === (seat + seats) % seats)?.name ?? '';
  return (
    <section className="table-draft" data-testid="table-draft">
      <h2>{pod ? t('tableDraft.seat', { pod: pod.number, seat: me.seat + 1 }) : t('tableDraft.seatOnly', { seat: me.seat + 1 })}</h2>
      {pod && seats > 1 && (
        <p>
          {t('tableDraft.left', { name: nameAt(me.seat + 1) })}
          <br />
          {t('tableDraft.right', { name: nameAt(me.seat - 1) })}
        </p>
      )}
      <p>{t('tableDraft.howTo')}</p>
      <p className="muted">{t('tableDraft.next')}</p>
    </section>
  );
}
