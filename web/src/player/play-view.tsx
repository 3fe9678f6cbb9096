import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, bearer, call, type EventView, type Schemas } from '../api/client';
import { ErrorMessage } from '../components/error-message';
import { FinalResults, finalDecided, roundTitle } from '../components/final-results';
import { keys } from '../data/keys';
import { useDrop, useReportResult } from '../data/player-actions';
import { GameCount } from '../components/game-count';
import { PairingsTable } from '../components/pairings-table';
import { RoundClock } from '../components/round-clock';
import { MyTeamSeat, TeamSeats } from '../components/team-seats';
import { StandingsTable } from '../components/standings-table';
import type { PlayerSession } from '../session';
import { RegisteredDeck } from './deck-builder';

type Pairing = Schemas['PairingDto'];
const sideOf = (p: Pairing, playerId: string): 'A' | 'B' | null => {
  const has = (ref: { playerId?: string | null; members?: { playerId: string }[] } | null | undefined) =>
    !!ref && (ref.playerId === playerId || (ref.members ?? []).some((m) => m.playerId === playerId));
  return has(p.playerA) ? 'A' : has(p.playerB as Schemas['PlayerRefDto'] | null) ? 'B' : null;
};

/** Playing: this round's table, opponent and clock; report the result; drop; standings; pairings by name. */
export function PlayView({ event, session }: { event: EventView; session: PlayerSession }) {
  const { t } = useTranslation();
  const roundNumber = event.roundCount;
  const round = useQuery({
    queryKey: keys.round(event.id, roundNumber, 'by-name'),
    enabled: roundNumber > 0,
    refetchInterval: 10_000,
    queryFn: () => call(api.GET('/api/events/{id}/rounds/{number}', { params: { path: { id: event.id, number: roundNumber }, query: { format: 'json', sort: 'name' } } })),
  });
  const deck = useQuery({
    queryKey: keys.deck(event.id),
    retry: false,
    queryFn: () => call(api.GET('/api/events/{id}/deck', { params: { path: { id: event.id }, query: { format: 'json' } }, ...bearer(session.token) })).catch(() => null),
  });
  const mine = round.data?.pairings.find((p) => sideOf(p, session.playerId));
  // After the top cut's final (or once the event is complete): the champion and the placings, not the Swiss standings.
  const results = event.state === 'complete' || finalDecided(round.data);
  return (
    <div className="play">
      {event.state === 'complete' && <p className="notice">{t('play.complete')}</p>}
      {results && <FinalResults eventId={event.id} complete={event.state === 'complete'} playerId={session.playerId} />}
      {roundNumber === 0 && event.state === 'playing' && <p className="waiting">{t('play.waitingRound')}</p>}
      {round.data && (
        <section className="my-match">
          <h2>{roundTitle(t, round.data)}</h2>
          {/* The player's own table: the round's clock plus a judge's extension of it. */}
          {event.state !== 'complete' && (
            <RoundClock endsAt={mine?.endsAt ?? round.data.endsAt} paused={round.data.paused} remainingSeconds={round.data.remainingSeconds + (mine?.extraMinutes ?? 0) * 60} />
          )}
          {event.state !== 'complete' && mine && mine.extraMinutes > 0 && <p className="muted">{t('play.tableExtension', { minutes: mine.extraMinutes })}</p>}
          {round.data.sideboarding === false && <p className="notice">{t('sideboarding.phone')}</p>}
          {mine ? <MyMatch pairing={mine} side={sideOf(mine, session.playerId)!} event={event} session={session} /> : <p>{t('play.notPaired')}</p>}
        </section>
      )}
      <ErrorMessage error={round.error} />
      {!results && <StandingsSection eventId={event.id} version={resultsVersion(round.data)} />}
      {round.data && (
        <section>
          <h2>{t('play.pairings')}</h2>
          <PairingsTable pairings={round.data.pairings} className="pairings" tableFirst />
        </section>
      )}
      {event.state === 'playing' && <DropButton event={event} session={session} />}
      <RegisteredDeck event={event} session={session} deck={deck.data as Schemas['DeckDto'] | null | undefined} />
    </div>
  );
}

function MyMatch({ pairing, side, event, session }: { pairing: Pairing; side: 'A' | 'B'; event: EventView; session: PlayerSession }) {
  const { t } = useTranslation();
  const opponent = (side === 'A' ? pairing.playerB : pairing.playerA) as Schemas['PlayerRefDto'] | null;
  // Nothing chosen at first: both players tapping Report on a default would make a dispute.
  const [won, setWon] = useState<number | null>(null);
  const [lost, setLost] = useState<number | null>(null);
  const [drawn, setDrawn] = useState(0);
  const report = useReportResult(event.id, session.token, pairing.matchId);
  const result = pairing.result as { winsA: number; winsB: number; draws: number } | null;
  if (!opponent) return <p className="notice">{t('play.youHaveBye')}</p>;
  const mineFirst = (r: { winsA: number; winsB: number; draws: number }) => (side === 'A' ? `${r.winsA}-${r.winsB}-${r.draws}` : `${r.winsB}-${r.winsA}-${r.draws}`);
  return (
    <div>
      <p className="table-number">
        {t('play.table')} <strong>{pairing.table}</strong>
      </p>
      <p>{t('play.vs', { name: opponent.name })}</p>
      <MyTeamSeat pairing={pairing} me={session.playerId} />
      <TeamSeats pairing={pairing} me={session.playerId} />
      {result && !pairing.disputed && <p className="ok">{t('play.confirmed', { result: mineFirst(result) })}</p>}
      {pairing.disputed && <p className="warn">{t('play.disputed')}</p>}
      {report.data && !result && !pairing.disputed && <p className="muted">{t('play.reported')}</p>}
      {event.state === 'playing' && !result && (
        <form
          className="report"
          onSubmit={(e) => {
            e.preventDefault();
            report.mutate(side === 'A' ? { winsA: won!, winsB: lost!, draws: drawn } : { winsA: lost!, winsB: won!, draws: drawn });
          }}
        >
          <GameCount label={t('play.gamesWon')} value={won} onChange={setWon} />
          <GameCount label={t('play.gamesLost')} value={lost} onChange={setLost} />
          <GameCount label={t('play.gamesDrawn')} value={drawn} onChange={setDrawn} draws />
          <button type="submit" className="primary" disabled={report.isPending || won === null || lost === null}>
            {t('play.report')}
          </button>
          <ErrorMessage error={report.error} />
        </form>
      )}
    </div>
  );
}

function DropButton({ event, session }: { event: EventView; session: PlayerSession }) {
  const { t } = useTranslation();
  const drop = useDrop(event.id, session.token);
  if (drop.isSuccess) return <p className="muted">{t('play.dropped')}</p>;
  return (
    <div className="no-print">
      <button type="button" className="danger" onClick={() => window.confirm(t('play.dropConfirm')) && drop.mutate()} disabled={drop.isPending}>
        {t('play.drop')}
      </button>
      <ErrorMessage error={drop.error} />
    </div>
  );
}

/**
 * What the standings depend on in a round's answer: its number and how many results are in. A
 * change (a result confirmed, on this page or elsewhere) fetches the standings at once.
 */
export const resultsVersion = (round: { number: number; pairings: { result?: unknown; disputed?: boolean }[] } | undefined): string =>
  round ? `${round.number}:${round.pairings.filter((p) => p.result && !p.disputed).length}` : '0';

/** The standings, fetched again whenever `version` (see resultsVersion) changes, and every 15 s. */
export function StandingsSection({ eventId, version }: { eventId: string; version: string }) {
  const { t } = useTranslation();
  const standings = useQuery({
    queryKey: keys.standings(eventId, version),
    placeholderData: (previous) => previous,
    refetchInterval: 15_000,
    queryFn: () => call(api.GET('/api/events/{id}/standings', { params: { path: { id: eventId }, query: { format: 'json' } } })),
  });
  return (
    <section>
      <h2>{t('standings.title')}</h2>
      {standings.data ? <StandingsTable rows={standings.data as Schemas['StandingDto'][]} /> : <ErrorMessage error={standings.error} />}
    </section>
  );
}
