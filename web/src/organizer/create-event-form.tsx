import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api, staffAuth, call, type StaffAuth } from '../api/client';
import { ErrorMessage } from '../components/error-message';
import { useGames } from '../data/catalog';

/**
 * Create an event: game, format, generated or real boosters, the set of each pack (one set for all
 * packs is the common case), pick timer and bots (generated drafts), team size, join code. Pack counts default to the game's rules (WoW TCG: 6
 * boosters in sealed, 4 of a 15-card set in draft). The event belongs to `storeId`, the store the console works in.
 */
export function CreateEventForm({ auth, storeId }: { auth: StaffAuth; storeId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const games = useGames();
  const [game, setGame] = useState<'wow-tcg' | 'berserk'>('wow-tcg');
  const [format, setFormat] = useState<'draft' | 'sealed'>('draft');
  // Real boosters opened at the table: Podium seats and pairs, decks come as lists.
  const [physical, setPhysical] = useState(false);
  const [name, setName] = useState('');
  const [setCode, setSetCode] = useState('');
  const [packCount, setPackCount] = useState('');
  const [pickTime, setPickTime] = useState(60);
  const [bots, setBots] = useState(true);
  const [teamSize, setTeamSize] = useState<'' | '2' | '3'>('');
  const [joinCode, setJoinCode] = useState('');
  // Most players; empty: unlimited (beyond it, players go onto the waitlist).
  const [capacity, setCapacity] = useState('');
  // Sideboarding between games: on by default; an event may rule it out.
  const [sideboarding, setSideboarding] = useState(true);
  // Printed and exported times are in this zone: the organizer's own by default (the server may run in UTC).
  const [timeZone, setTimeZone] = useState(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  // Deck-building minutes; empty: no deadline.
  const [deckMinutes, setDeckMinutes] = useState('');
  const sets = useQuery({ queryKey: ['sets', game], queryFn: () => call(api.GET('/api/sets', { params: { query: { game } } })) });
  // Promo sets are not sold in boosters: no event opens them.
  const boosterSets = (sets.data ?? []).filter((s) => s.boosters);
  const code = setCode || boosterSets[0]?.code || '';
  const create = useMutation({
    mutationFn: () => {
      const n = Number(packCount);
      const packs = n > 0 ? Array.from({ length: n }, () => code) : [code];
      return call(
        api.POST('/api/events', {
          body: {
            storeId,
            name: name.trim() || `${t(`format.${format}`)} ${new Date().toLocaleDateString()}`,
            game,
            format,
            packs,
            ...(physical ? { packSource: 'physical' as const } : format === 'draft' ? { pickTimeSeconds: pickTime, fillWithBots: bots } : {}),
            ...(teamSize ? { teamSize: Number(teamSize) as 2 | 3 } : {}),
            ...(joinCode.trim() ? { joinCode: joinCode.trim() } : {}),
            ...(capacity && !teamSize ? { capacity: Number(capacity) } : {}),
            ...(deckMinutes ? { deckBuildingMinutes: Number(deckMinutes) } : {}),
            ...(sideboarding ? {} : { sideboarding: false }),
            ...(timeZone.trim() ? { timeZone: timeZone.trim() } : {}),
          },
          ...staffAuth(auth),
        }),
      );
    },
    onSuccess: (e) => {
      void queryClient.invalidateQueries({ queryKey: ['events'] });
      navigate(`/organizer/events/${e.id}`);
    },
  });
  return (
    <form
      className="card-form"
      onSubmit={(e) => {
        e.preventDefault();
        create.mutate();
      }}
    >
      <h2>{t('create.title')}</h2>
      <label>
        {t('create.name')}
        <input value={name} onChange={(e) => setName(e.target.value)} maxLength={120} placeholder={t('create.namePlaceholder')} />
      </label>
      <label>
        {t('create.game')}
        <select
          value={game}
          onChange={(e) => {
            setGame(e.target.value as 'wow-tcg' | 'berserk');
            setSetCode('');
          }}
        >
          {(
            games.data ?? [
              { id: 'wow-tcg', name: 'World of Warcraft TCG' },
              { id: 'berserk', name: 'Berserk' },
            ]
          ).map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('create.format')}
        <select value={format} onChange={(e) => setFormat(e.target.value as 'draft' | 'sealed')}>
          <option value="draft">{t('format.draft')}</option>
          <option value="sealed">{t('format.sealed')}</option>
        </select>
      </label>
      <label>
        {t('create.packSource')}
        <select value={physical ? 'physical' : 'generated'} onChange={(e) => setPhysical(e.target.value === 'physical')}>
          <option value="generated">{t('create.packSourceGenerated')}</option>
          <option value="physical">{t('create.packSourcePhysical')}</option>
        </select>
      </label>
      {physical && <p className="muted">{t('create.physicalHint')}</p>}
      <label>
        {t('create.set')}
        <select value={code} onChange={(e) => setSetCode(e.target.value)}>
          {boosterSets.map((s) => (
            <option key={s.code} value={s.code}>
              {s.name} ({s.code})
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('create.packCount')} <span className="muted">({t('create.packCountHint')})</span>
        <input type="number" min={1} max={24} value={packCount} onChange={(e) => setPackCount(e.target.value)} />
      </label>
      {format === 'draft' && !physical && (
        <>
          <label>
            {t('create.pickTime')}
            <input type="number" min={10} max={600} value={pickTime} onChange={(e) => setPickTime(Number(e.target.value))} />
          </label>
          <label className="check">
            <input type="checkbox" checked={bots} onChange={(e) => setBots(e.target.checked)} /> {t('create.bots')}
          </label>
        </>
      )}
      <label>
        {t('create.deckMinutes')} <span className="muted">({t('create.deckMinutesHint')})</span>
        <input type="number" min={1} max={240} value={deckMinutes} onChange={(e) => setDeckMinutes(e.target.value)} />
      </label>
      <label className="check">
        <input type="checkbox" checked={sideboarding} onChange={(e) => setSideboarding(e.target.checked)} /> {t('sideboarding.label')}
      </label>
      <label>
        {t('create.timeZone')} <span className="muted">({t('create.timeZoneHint')})</span>
        <input value={timeZone} onChange={(e) => setTimeZone(e.target.value)} maxLength={64} list="time-zones" autoComplete="off" />
        <datalist id="time-zones">
          {supportedZones().map((z) => (
            <option key={z} value={z} />
          ))}
        </datalist>
      </label>
      {game === 'wow-tcg' && (
        <label>
          {t('create.teamSize')}
          <select value={teamSize} onChange={(e) => setTeamSize(e.target.value as '' | '2' | '3')}>
            <option value="">{t('create.solo')}</option>
            <option value="2">2v2</option>
            <option value="3">3v3</option>
          </select>
        </label>
      )}
      {!teamSize && (
        <label>
          {t('create.capacity')} <span className="muted">({t('create.capacityHint')})</span>
          <input type="number" min={1} max={2000} value={capacity} onChange={(e) => setCapacity(e.target.value)} inputMode="numeric" />
        </label>
      )}
      <label>
        {t('create.joinCode')} <span className="muted">({t('common.optional')})</span>
        <input value={joinCode} onChange={(e) => setJoinCode(e.target.value)} maxLength={40} autoComplete="off" />
      </label>
      <ErrorMessage error={create.error} />
      <button type="submit" className="primary" disabled={create.isPending || !code}>
        {t('create.submit')}
      </button>
    </form>
  );
}

/** IANA zones the browser knows (for the time zone field's suggestions); empty where it cannot list them. */
function supportedZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? [];
}
