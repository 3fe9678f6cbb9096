import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, staffAuth, call, type EventView, type Schemas, type StaffAuth } from '../api/client';
import type { TFunction } from 'i18next';
import { ErrorMessage } from '../components/error-message';
import { QrCode } from '../components/qr-code';
import { useJoinBase } from '../data/join-base';
import { claimLink, printedClaimCode, rejoinLink } from '../session';
import { eventKey } from './event-console';
import { LatePlayerForm } from './late-player-form';
import { useMay } from './event-permissions';
import { FixedTableInput } from './fixed-table';

/**
 * Registration: the player list as it fills; add a player by name (someone without a phone: their
 * token is shown as a QR code / link to open on any device), import a list (each imported player
 * gets a claim code, printed on the player sheet), capacity and waitlist, check-in, remove,
 * reissue a token (lost phone), mark absent (a bot picks for them); form teams at random for team events.
 */
export function PlayersPanel({ event, auth }: { event: EventView; auth: StaffAuth }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const players = useQuery({
    queryKey: ['players', event.id],
    refetchInterval: 3_000,
    queryFn: () => call(api.GET('/api/events/{id}/players', { params: { path: { id: event.id } }, ...staffAuth(auth) })),
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['players', event.id] });
    void queryClient.invalidateQueries({ queryKey: eventKey(event.id) });
  };
  const [name, setName] = useState('');
  const [shown, setShown] = useState<{ name: string; token: string } | null>(null);
  const join = useJoinBase();
  const add = useMutation({
    mutationFn: () => call(api.POST('/api/events/{id}/players', { params: { path: { id: event.id } }, body: { name: name.trim() }, ...staffAuth(auth) })),
    onSuccess: (p) => {
      setName('');
      setShown({ name: p.name, token: p.token });
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (playerId: string) => call(api.DELETE('/api/events/{id}/players/{playerId}', { params: { path: { id: event.id, playerId } }, ...staffAuth(auth) })),
    onSuccess: refresh,
  });
  const reissue = useMutation({
    mutationFn: (p: { playerId: string; name: string }) =>
      call(api.POST('/api/events/{id}/players/{playerId}/token', { params: { path: { id: event.id, playerId: p.playerId } }, ...staffAuth(auth) })).then((r) => ({
        name: p.name,
        token: r.token,
      })),
    onSuccess: setShown,
  });
  const absent = useMutation({
    mutationFn: (p: { playerId: string; absent: boolean }) =>
      call(api.POST('/api/events/{id}/players/{playerId}/absent', { params: { path: { id: event.id, playerId: p.playerId } }, body: { absent: p.absent }, ...staffAuth(auth) })),
    onSuccess: refresh,
  });
  const teams = useMutation({ mutationFn: () => call(api.POST('/api/events/{id}/teams/auto', { params: { path: { id: event.id } }, ...staffAuth(auth) })), onSuccess: refresh });
  const checkIn = useMutation({
    mutationFn: (p: { playerId: string; checkedIn: boolean }) =>
      call(
        api.POST('/api/events/{id}/players/{playerId}/check-in', {
          params: { path: { id: event.id, playerId: p.playerId } },
          body: { checkedIn: p.checkedIn },
          ...staffAuth(auth),
        }),
      ),
    onSuccess: refresh,
  });
  const [printing, setPrinting] = useState(false);
  const may = useMay();
  const registers = may('event.registration');
  const list = players.data ?? [];
  const registered = list.filter((p) => p.status === 'registered');
  const registration = event.state === 'registration';
  return (
    <>
      <section className="no-print">
        <h2>{t('players.title', { count: registered.length })}</h2>
        <p className="muted" data-testid="seats">
          {event.capacity === null ? t('players.seatsUnlimited') : t('players.seats', { taken: registered.length, capacity: event.capacity })}
          {event.waitlistCount > 0 ? ` · ${t('players.waitlistCount', { n: event.waitlistCount })}` : ''}
          {registration && list.some((p) => p.checkedInAt)
            ? ` · ${t('players.checkedInCount', { n: registered.filter((p) => p.checkedInAt).length, total: registered.length })}`
            : ''}
        </p>
        {registration && !event.teamSize && may('event.manage') && <CapacityForm event={event} auth={auth} onSaved={refresh} />}
        {event.state === 'playing' && !event.teamSize && registers && <LatePlayerForm event={event} auth={auth} onAdded={refresh} />}
        {event.state !== 'complete' && event.state !== 'playing' && registers && (
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
        {registration && !event.teamSize && registers && <ImportForm event={event} auth={auth} onImported={refresh} />}
        <ErrorMessage error={add.error ?? remove.error ?? reissue.error ?? absent.error ?? teams.error ?? checkIn.error ?? players.error} />
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
              {registration && <th>{t('players.checkIn')}</th>}
              <th>{t('players.claimCode')}</th>
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
                <td>
                  {[
                    statusText(t, p),
                    p.absent ? t('players.absent') : null,
                    p.lateEntry ? (p.firstRound ? t('players.lateFrom', { round: p.firstRound }) : t('players.late')) : null,
                    p.teamId ? t('players.inTeam') : null,
                  ]
                    .filter(Boolean)
                    .join(', ')}
                </td>
                {registration && (
                  <td>
                    <label className="check">
                      <input
                        type="checkbox"
                        checked={p.checkedInAt !== null}
                        disabled={!registers}
                        onChange={(e) => checkIn.mutate({ playerId: p.playerId, checkedIn: e.target.checked })}
                        aria-label={t('players.checkInName', { name: p.name })}
                      />
                      {p.checkedInAt ? t('players.here') : ''}
                    </label>
                  </td>
                )}
                <td className="claim-code">{p.claimCode ? (p.claimed ? t('players.claimed') : printedClaimCode(p.claimCode)) : ''}</td>
                <td className="row-actions">
                  {!['complete', 'cancelled'].includes(event.state) && may('event.pairings') && (
                    <FixedTableInput eventId={event.id} auth={auth} playerId={p.playerId} name={p.name} fixedTable={p.fixedTable} onDone={refresh} />
                  )}
                  {event.state === 'registration' && registers && (
                    <button type="button" className="link" onClick={() => remove.mutate(p.playerId)} aria-label={t('players.removeName', { name: p.name })}>
                      {t('players.remove')}
                    </button>
                  )}
                  {registers && (
                    <button type="button" className="link" onClick={() => reissue.mutate(p)} aria-label={t('players.reissueName', { name: p.name })}>
                      {t('players.reissue')}
                    </button>
                  )}
                  {event.format === 'draft' && event.packSource !== 'physical' && may('event.run') && (
                    <button type="button" className="link" onClick={() => absent.mutate({ playerId: p.playerId, absent: !p.absent })}>
                      {p.absent ? t('players.present') : t('players.markAbsent')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {list.length > 0 && (
          <p>
            <button type="button" onClick={() => setPrinting(!printing)}>
              {printing ? t('players.hideSheet') : t('players.showSheet')}
            </button>{' '}
            {printing && (
              <button type="button" className="primary" onClick={() => window.print()}>
                {t('players.print')}
              </button>
            )}
          </p>
        )}
      </section>
      {printing && <PlayerSheet event={event} players={list} />}
    </>
  );
}

type PlayerRow = Schemas['PlayerDto'];

function statusText(t: TFunction, p: PlayerRow): string {
  if (p.status === 'waitlisted') return t('players.waitlisted', { position: p.waitlistPosition });
  if (p.status === 'noShow') return t('players.noShow');
  return t('players.registered');
}

/** The capacity (most players): editable during registration; raising it moves the waitlist up. */
function CapacityForm({ event, auth, onSaved }: { event: EventView; auth: StaffAuth; onSaved: () => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(event.capacity === null ? '' : String(event.capacity));
  const save = useMutation({
    mutationFn: () =>
      call(api.PATCH('/api/events/{id}', { params: { path: { id: event.id } }, body: { capacity: value.trim() === '' ? null : Number(value) }, ...staffAuth(auth) })),
    onSuccess: onSaved,
  });
  const changed = value.trim() !== (event.capacity === null ? '' : String(event.capacity));
  return (
    <form
      className="inline-form"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <label>
        {t('players.capacity')} <span className="muted">({t('players.capacityHint')})</span>
        <input type="number" min={1} max={2000} value={value} onChange={(e) => setValue(e.target.value)} inputMode="numeric" />
      </label>
      <button type="submit" disabled={save.isPending || !changed}>
        {t('players.saveCapacity')}
      </button>
      <ErrorMessage error={save.error} />
    </form>
  );
}

/** Import a pasted list (one name a line) or a CSV file (name, memberNumber); every line is a player or a problem. */
function ImportForm({ event, auth, onImported }: { event: EventView; auth: StaffAuth; onImported: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const run = useMutation({
    mutationFn: () => call(api.POST('/api/events/{id}/players/import', { params: { path: { id: event.id } }, body: { text }, ...staffAuth(auth) })),
    onSuccess: (result) => {
      if (result.problems.length === 0) setText('');
      onImported();
    },
  });
  return (
    <details className="import" open={open} onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary>{t('import.open')}</summary>
      <p className="muted">{t('import.hint')}</p>
      <textarea rows={8} value={text} onChange={(e) => setText(e.target.value)} aria-label={t('import.list')} placeholder={t('import.placeholder')} />
      <p>
        <label className="file">
          {t('import.file')}{' '}
          <input
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void file.text().then(setText);
            }}
          />
        </label>
      </p>
      <button type="button" className="primary" disabled={run.isPending || !text.trim()} onClick={() => run.mutate()}>
        {t('import.submit')}
      </button>
      <ErrorMessage error={run.error} />
      {run.data && (
        <div className="import-result" role="status">
          <p>
            {t('import.done', {
              imported: run.data.imported.length,
              waitlisted: run.data.imported.filter((p) => p.status === 'waitlisted').length,
              problems: run.data.problems.length,
            })}
          </p>
          {run.data.problems.length > 0 && (
            <ul className="problems">
              {run.data.problems.map((p) => (
                <li key={p.line}>{t('import.problem', { line: p.line, text: p.text || '—', reason: t(`import.rule.${p.rule}`) })}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </details>
  );
}

/**
 * The printable player sheet (organizer only): every player with their status and, for imported
 * players, the claim code and a QR code that opens the event page with the code filled in.
 */
function PlayerSheet({ event, players }: { event: EventView; players: PlayerRow[] }) {
  const { t } = useTranslation();
  const join = useJoinBase();
  return (
    <section className="player-sheet" data-testid="player-sheet">
      <h2>{t('sheet.title', { name: event.name })}</h2>
      <p>{t('sheet.howTo', { url: `${join.base}/e/${event.code}` })}</p>
      <table>
        <thead>
          <tr>
            <th>#</th>
            <th>{t('players.name')}</th>
            <th>{t('players.status')}</th>
            <th>{t('players.claimCode')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {players.map((p, i) => (
            <tr key={p.playerId}>
              <td>{i + 1}</td>
              <td>{p.name}</td>
              <td>{statusText(t, p)}</td>
              <td className="claim-code">{p.claimCode ? printedClaimCode(p.claimCode) : t('sheet.selfRegistered')}</td>
              <td>{p.claimCode && !p.claimed ? <QrCode value={claimLink(join.base, event.code, p.claimCode)} size={72} label={t('sheet.qr', { name: p.name })} /> : null}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
