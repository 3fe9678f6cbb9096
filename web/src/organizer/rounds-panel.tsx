import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api, staffAuth, call, type EventView, type Schemas, type StaffAuth } from '../api/client';
import { ErrorMessage } from '../components/error-message';
import { GameCount } from '../components/game-count';
import { RoundClock } from '../components/round-clock';
import { roundTitle } from '../components/final-results';
import { StandingsSection, resultsVersion } from '../player/play-view';
import { eventKey } from './event-console';
import { useMay } from './event-permissions';
import { GuardChoices } from './guard-choices';
import { TeamSeats } from '../components/team-seats';
import { PairingEdits } from './pairing-edits';

/** Top-cut sizes the server offers (2 is a final); 0 stands for a cut by match points. */
const CUT_SIZES = [2, 4, 8, 16, 32] as const;
type CutChoice = (typeof CUT_SIZES)[number] | 0;

type Pairing = Schemas['PairingDto'];
type Score = { winsA: number; winsB: number; draws?: number };
const scoreText = (r: Score | null) => (r ? `${r.winsA}-${r.winsB}${r.draws ? `-${r.draws}` : ''}` : '');

/**
 * Rounds: pair the next round (Swiss, or the next playoff round after the top cut); pairings by
 * table, printable with result slips; results entered or fixed by table number; disputes; drops;
 * undo the latest round (no results yet); start the top cut.
 */
export function RoundsPanel({ event, auth }: { event: EventView; auth: StaffAuth }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const may = useMay();
  const number = event.roundCount;
  const round = useQuery({
    queryKey: ['round', event.id, number, 'by-table'],
    enabled: number > 0,
    refetchInterval: 5_000,
    queryFn: () => call(api.GET('/api/events/{id}/rounds/{number}', { params: { path: { id: event.id, number }, query: { format: 'json', sort: 'table' } } })),
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: eventKey(event.id) });
    void queryClient.invalidateQueries({ queryKey: ['round', event.id] });
    void queryClient.invalidateQueries({ queryKey: ['standings', event.id] });
    void queryClient.invalidateQueries({ queryKey: ['decks', event.id] });
  };
  const [minutes, setMinutes] = useState(50);
  // Pairing waits for a legal deck of every player still in (DECKS_NOT_READY lists them); the organizer
  // fixes that (a paper list, a drop) or pairs anyway, a second, deliberate click.
  const pair = useMutation({
    mutationFn: (how: { force?: boolean; choices?: GuardChoice[] }) =>
      call(api.POST('/api/events/{id}/rounds', { params: { path: { id: event.id } }, body: { minutes, ...how }, ...staffAuth(auth) })),
    onSuccess: refresh,
  });
  // The guard's list stays while the organizer's fixes are refused (a suggestion short of the minimum).
  const [lastNotReady, setLastNotReady] = useState<ApiError | null>(null);
  const refused = pair.error instanceof ApiError ? pair.error : null;
  if (refused?.code === 'DECKS_NOT_READY' && refused !== lastNotReady) setLastNotReady(refused);
  const notReady = refused?.code === 'DECKS_NOT_READY' ? refused : refused?.code === 'SUGGESTION_SHORT' ? lastNotReady : null;
  const undo = useMutation({
    mutationFn: () => call(api.DELETE('/api/events/{id}/rounds/{number}', { params: { path: { id: event.id, number } }, ...staffAuth(auth) })),
    onSuccess: refresh,
  });
  // A cut size, or 0: everyone with at least `minPoints` match points (the server pads to a power of two).
  const [cut, setCut] = useState<CutChoice>(8);
  const [minPoints, setMinPoints] = useState(9);
  // A cut by points: the seats beyond the qualifiers go to the next players, or stay empty (byes for the top seeds).
  const [cutByes, setCutByes] = useState(false);
  const topCut = useMutation({
    mutationFn: () =>
      call(
        api.POST('/api/events/{id}/top-cut', {
          params: { path: { id: event.id } },
          body: cut === 0 ? { minMatchPoints: minPoints, minutes, fill: cutByes ? 'byes' : 'standings' } : { size: cut, minutes },
          ...staffAuth(auth),
        }),
      ),
    onSuccess: refresh,
  });
  const clock = useMutation({
    mutationFn: (action: 'pause' | 'resume' | 'extend') => {
      const on = { params: { path: { id: event.id, number } }, ...staffAuth(auth) };
      if (action === 'pause') return call(api.POST('/api/events/{id}/rounds/{number}/pause', on));
      if (action === 'resume') return call(api.POST('/api/events/{id}/rounds/{number}/resume', on));
      return call(api.POST('/api/events/{id}/rounds/{number}/extend', { ...on, body: { minutes: 5 } }));
    },
    onSuccess: refresh,
  });
  const pairings = round.data?.pairings ?? [];
  const open = pairings.filter((p) => p.playerB && !p.result).length;
  const playing = event.state === 'playing' || event.state === 'building';
  // The final of the top cut has its result: no round comes next, the event is ready to complete.
  const cutOver = round.data?.kind === 'playoff' && pairings.length === 1 && !!pairings[0].result;

  return (
    <>
      <section className="print-section">
        <div className="section-head">
          <h2>{number > 0 ? (round.data ? roundTitle(t, round.data) : t('play.round', { number })) : t('rounds.title')}</h2>
          {/* The clock matters while matches are open; a finished round shows none. */}
          {round.data && open > 0 && event.state !== 'complete' && (
            <RoundClock endsAt={round.data.endsAt} paused={round.data.paused} remainingSeconds={round.data.remainingSeconds} />
          )}
        </div>
        {/* While matches are open, entering their results is the next action: the form comes first. */}
        {playing && open > 0 && may('event.results') && <ResultByTable event={event} auth={auth} current={number} pairings={pairings} onSaved={refresh} />}
        {playing && (
          <div className="actions no-print">
            {may('event.pairings') && (
              <label className="inline">
                {t('rounds.minutes')}
                <input type="number" min={1} max={600} value={minutes} onChange={(e) => setMinutes(Number(e.target.value))} />
              </label>
            )}
            {!cutOver && may('event.pairings') && (
              <button
                type="button"
                className="primary"
                onClick={() => pair.mutate({})}
                disabled={pair.isPending || open > 0}
                title={open > 0 ? t('rounds.open', { count: open }) : undefined}
              >
                {t('rounds.pair')}
              </button>
            )}
            {number > 0 && open > 0 && may('event.clock') && (
              <>
                <button type="button" onClick={() => clock.mutate(round.data?.paused ? 'resume' : 'pause')} disabled={clock.isPending}>
                  {round.data?.paused ? t('rounds.resumeClock') : t('rounds.pauseClock')}
                </button>
                <button type="button" onClick={() => clock.mutate('extend')} disabled={clock.isPending}>
                  {t('rounds.extendClock')}
                </button>
              </>
            )}
            {number > 0 && (
              <button type="button" onClick={() => window.print()}>
                {t('rounds.print')}
              </button>
            )}
          </div>
        )}
        {cutOver && playing && <p className="notice no-print">{t('rounds.cutOver')}</p>}
        {notReady && (
          <div className="notice" role="alert" data-testid="decks-not-ready">
            <strong>{t('rounds.decksNotReady', { count: notReady.details.length })}</strong>
            <ul>
              {notReady.details.map((d, i) => (
                <li key={i}>{t(`rounds.deckReason.${d.rule}`, { name: d.message.split(':')[0], defaultValue: d.message })}</li>
              ))}
            </ul>
            <p className="muted">{t('rounds.decksNotReadyHint')}</p>
            {may('event.decks') && <GuardChoices event={event} auth={auth} details={notReady.details} pending={pair.isPending} onPair={(choices) => pair.mutate({ choices })} />}
            <button type="button" onClick={() => pair.mutate({ force: true })} disabled={pair.isPending}>
              {t('rounds.pairAnyway')}
            </button>
          </div>
        )}
        <ErrorMessage error={(pair.error === notReady ? null : pair.error) ?? undo.error ?? topCut.error ?? clock.error ?? round.error} />
        {round.data && (
          <>
            <p className="muted no-print">{open ? t('rounds.open', { count: open }) : t('rounds.allIn')}</p>
            {round.data.sideboarding === false && <p className="notice">{t('sideboarding.printed')}</p>}
            {playing && open === 0 && may('event.results') && <ResultByTable event={event} auth={auth} current={number} pairings={pairings} onSaved={refresh} />}
            {event.state === 'playing' && may('event.pairings') && (
              <PairingEdits event={event} auth={auth} number={number} kind={round.data.kind} pairings={pairings} onDone={refresh} />
            )}
            <table className="pairings">
              <thead>
                <tr>
                  <th>{t('play.table')}</th>
                  <th>{t('play.player')}</th>
                  <th>{t('play.opponent')}</th>
                  <th>{t('rounds.result')}</th>
                  <th className="no-print" />
                </tr>
              </thead>
              <tbody>
                {pairings.map((p) => (
                  <tr key={p.matchId} className={p.disputed ? 'disputed' : ''}>
                    <td>
                      {p.table}
                      {p.fixedTable && (
                        <span className="muted" title={t('pairingEdits.fixedMarkTitle')}>
                          {' '}
                          ({t('pairingEdits.fixedMark')})
                        </span>
                      )}
                      {p.extraMinutes > 0 && <span className="muted"> {t('rounds.tableExtra', { minutes: p.extraMinutes })}</span>}
                    </td>
                    <td>
                      {p.playerA.name}
                      <TeamSeats pairing={p} />
                    </td>
                    <td>{p.playerB?.name ?? t('play.bye')}</td>
                    <td>
                      {scoreText(p.result)}
                      {p.disputed && <strong className="warn"> {t('rounds.disputed')}</strong>}
                    </td>
                    <td className="no-print row-actions">
                      {playing && p.playerB && !p.result && may('event.clock') && <TableExtension auth={auth} pairing={p} onDone={refresh} />}
                      {playing && may('event.registration') && <DropButtons event={event} auth={auth} pairing={p} onDone={refresh} />}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <div className="slips print-only">
              {pairings
                .filter((p) => p.playerB)
                .map((p) => (
                  <div key={p.matchId} className="slip">
                    <strong>
                      {event.name} · {t('play.round', { number })} · {t('play.table')} {p.table}
                    </strong>
                    <p>
                      {p.playerA.name} ____ — ____ {p.playerB?.name} · {t('rounds.draws')} ____
                    </p>
                    <p className="muted">{t('rounds.slipSign')}</p>
                  </div>
                ))}
            </div>
          </>
        )}
        {/* Changes to the event's course, each confirmed: apart from the routine actions above. */}
        {playing && number > 0 && may('event.pairings') && (
          <div className="actions rare-actions no-print" data-testid="round-changes">
            <span className="muted">{t('rounds.changes')}</span>
            {number > 0 && (
              <button type="button" onClick={() => window.confirm(t('rounds.undoConfirm', { number })) && undo.mutate()} disabled={undo.isPending}>
                {t('rounds.undo')}
              </button>
            )}
            {number > 0 && round.data?.kind !== 'playoff' && (
              <span className="inline">
                <select aria-label={t('rounds.cutSize')} value={cut} onChange={(e) => setCut(Number(e.target.value) as CutChoice)}>
                  {CUT_SIZES.map((n) => (
                    <option key={n} value={n}>
                      {t('rounds.topN', { n })}
                    </option>
                  ))}
                  <option value={0}>{t('rounds.cutByPoints')}</option>
                </select>
                {cut === 0 && (
                  <label className="inline">
                    {t('rounds.minPoints')}
                    <input type="number" min={0} max={1000} value={minPoints} onChange={(e) => setMinPoints(Number(e.target.value))} />
                  </label>
                )}
                {cut === 0 && (
                  <label className="inline">
                    <input type="checkbox" checked={cutByes} onChange={(e) => setCutByes(e.target.checked)} />
                    {t('rounds.cutByes')}
                  </label>
                )}
                <button type="button" onClick={() => window.confirm(t('rounds.topCutConfirm')) && topCut.mutate()} disabled={topCut.isPending}>
                  {t('rounds.topCut')}
                </button>
              </span>
            )}
          </div>
        )}
      </section>
      {number > 0 && <StandingsSection eventId={event.id} version={resultsVersion(round.data)} />}
    </>
  );
}

type GuardChoice = Schemas['DeckGuardChoiceDto'];

/**
 * Result entry by table number, as slips come back: table, games won by each side, draws; any
 * earlier round too. Changing a recorded result shows what it changes first (standings lines, rounds
 * paired since: docs/rules.md "Corrections") and applies on a second click.
 */
function ResultByTable({ event, auth, current, pairings, onSaved }: { event: EventView; auth: StaffAuth; current: number; pairings: Pairing[]; onSaved: () => void }) {
  const { t } = useTranslation();
  const [roundNo, setRoundNo] = useState(current);
  const [table, setTable] = useState('');
  const [winsA, setWinsA] = useState(2);
  const [winsB, setWinsB] = useState(0);
  const [draws, setDraws] = useState(0);
  const [reason, setReason] = useState('');
  const chosenRound = roundNo === current ? current : roundNo;
  const earlier = useQuery({
    queryKey: ['round', event.id, chosenRound, 'by-table'],
    enabled: chosenRound !== current,
    queryFn: () => call(api.GET('/api/events/{id}/rounds/{number}', { params: { path: { id: event.id, number: chosenRound }, query: { format: 'json', sort: 'table' } } })),
  });
  const list = chosenRound === current ? pairings : (earlier.data?.pairings ?? []);
  const match = list.find((p) => String(p.table) === table.trim());
  const body = { winsA, winsB, draws };
  const preview = useMutation({
    mutationFn: () => call(api.POST('/api/matches/{matchId}/result/preview', { params: { path: { matchId: match!.matchId } }, body, ...staffAuth(auth) })),
  });
  const save = useMutation({
    mutationFn: () =>
      call(
        api.PUT('/api/matches/{matchId}/result', {
          params: { path: { matchId: match!.matchId } },
          body: match?.result ? { ...body, reason: reason.trim() } : body,
          ...staffAuth(auth),
        }),
      ),
    onSuccess: () => {
      setTable('');
      setReason('');
      preview.reset();
      onSaved();
    },
  });
  const correcting = !!match?.result;
  const shown = preview.data && preview.data.matchId === match?.matchId && scoreText(preview.data.after) === scoreText(body) ? preview.data : null;
  return (
    <form
      className="inline-form no-print"
      aria-label={t('rounds.enterResult')}
      onSubmit={(e) => {
        e.preventDefault();
        if (!match) return;
        if (correcting && !shown) preview.mutate();
        else save.mutate();
      }}
    >
      {current > 1 && (
        <label>
          {t('rounds.roundLabel')}
          <select value={roundNo} onChange={(e) => (setRoundNo(Number(e.target.value)), preview.reset())}>
            {Array.from({ length: current }, (_, k) => current - k).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      )}
      <label>
        {t('play.table')}
        <input value={table} onChange={(e) => (setTable(e.target.value), preview.reset())} inputMode="numeric" size={4} />
      </label>
      <span className="muted match-names">
        {match ? `${match.playerA.name} — ${match.playerB?.name ?? t('play.bye')}${match.result ? ` (${scoreText(match.result)})` : ''}` : table ? t('rounds.noTable') : ''}
      </span>
      <GameCount label={t('rounds.winsA')} value={winsA} onChange={setWinsA} />
      <GameCount label={t('rounds.winsB')} value={winsB} onChange={setWinsB} />
      <GameCount label={t('rounds.draws')} value={draws} onChange={setDraws} draws />
      {/* A correction is audited with who made it and why (CORRECTION_NEEDS_REASON). */}
      {shown && (
        <label>
          {t('history.correctionReason')}
          <input value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} required title={t('history.correctionReasonHint')} data-testid="correction-reason" />
        </label>
      )}
      <button type="submit" className={shown ? 'primary' : undefined} disabled={!match || !match.playerB || save.isPending || preview.isPending || (!!shown && !reason.trim())}>
        {shown ? t('rounds.applyCorrection') : correcting ? t('rounds.previewCorrection') : t('rounds.saveResult')}
      </button>
      {shown && <CorrectionPreview preview={shown} />}
      <ErrorMessage error={preview.error ?? save.error ?? earlier.error} />
    </form>
  );
}

/** What a correction changes, before it is applied. */
function CorrectionPreview({ preview }: { preview: Schemas['CorrectionPreviewDto'] }) {
  const { t } = useTranslation();
  return (
    <div className="notice correction" role="status" data-testid="correction-preview">
      <strong>{t('rounds.correction.title', { round: preview.round, before: scoreText(preview.before), after: scoreText(preview.after) })}</strong>
      {preview.changes.length === 0 ? (
        <p>{t('rounds.correction.noChange')}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>{t('play.player')}</th>
              <th>{t('rounds.correction.rank')}</th>
              <th>{t('rounds.correction.points')}</th>
              <th>{t('rounds.correction.record')}</th>
            </tr>
          </thead>
          <tbody>
            {preview.changes.map((c) => (
              <tr key={c.playerId}>
                <td>{c.name}</td>
                <td>
                  {c.before.rank} → {c.after.rank}
                </td>
                <td>
                  {c.before.matchPoints} → {c.after.matchPoints}
                </td>
                <td>
                  {c.before.record} → {c.after.record}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {preview.pairedSince.length > 0 && <p className="muted">{t('rounds.correction.pairedSince', { rounds: preview.pairedSince.join(', ') })}</p>}
      {preview.topCutSeeded && <p className="warn">{t('rounds.correction.topCut')}</p>}
    </div>
  );
}

/** A judge's time extension for one table: +3 minutes a click, and back to none. */
function TableExtension({ auth, pairing, onDone }: { auth: StaffAuth; pairing: Pairing; onDone: () => void }) {
  const { t } = useTranslation();
  const extend = useMutation({
    mutationFn: (extraMinutes: number) =>
      call(api.PUT('/api/matches/{matchId}/extension', { params: { path: { matchId: pairing.matchId } }, body: { extraMinutes }, ...staffAuth(auth) })),
    onSuccess: onDone,
  });
  return (
    <>
      <button
        type="button"
        className="link"
        onClick={() => extend.mutate(Math.min(120, pairing.extraMinutes + 3))}
        disabled={extend.isPending}
        aria-label={t('rounds.extendTableName', { table: pairing.table })}
      >
        {t('rounds.extendTable')}
      </button>
      {pairing.extraMinutes > 0 && (
        <button type="button" className="link" onClick={() => extend.mutate(0)} disabled={extend.isPending}>
          {t('rounds.noExtension')}
        </button>
      )}
      {extend.error ? <ErrorMessage error={extend.error} /> : null}
    </>
  );
}

function DropButtons({ event, auth, pairing, onDone }: { event: EventView; auth: StaffAuth; pairing: Pairing; onDone: () => void }) {
  const { t } = useTranslation();
  const drop = useMutation({
    mutationFn: (playerId: string) => call(api.POST('/api/events/{id}/players/{playerId}/drop', { params: { path: { id: event.id, playerId } }, ...staffAuth(auth) })),
    onSuccess: onDone,
  });
  const people = [pairing.playerA, pairing.playerB].filter((p): p is Schemas['PlayerRefDto'] => !!p && !p.members?.length);
  return (
    <>
      {people.map((p) => (
        <button key={p.playerId} type="button" className="link" onClick={() => window.confirm(t('rounds.dropConfirm', { name: p.name })) && drop.mutate(p.playerId)}>
          {t('rounds.drop', { name: p.name })}
        </button>
      ))}
      {drop.error ? <ErrorMessage error={drop.error} /> : null}
    </>
  );
}
