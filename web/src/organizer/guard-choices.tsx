import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, staffAuth, call, type EventView, type Schemas, type StaffAuth } from '../api/client';
import { useGames } from '../data/catalog';

type GuardChoice = Schemas['DeckGuardChoiceDto'];
type Choice = GuardChoice['choice'] | 'wait' | 'lowerMinimum';

/** The lowest minimum an organizer may set: two thirds of the game's (the server's deck-minimum rule). */
export const minimumFloor = (gameMinimum: number) => Math.ceil((gameMinimum * 2) / 3);

/**
 * The deck guard's choice for each player without a legal deck (docs/rules.md "Decks before a
 * round", "The suggested deck as a fix", "A lower minimum for one player"): wait (fix it first: a
 * paper list, a drop), register the suggested deck (every hero tried), allow fewer cards and register
 * the suggestion, a game loss (MTR 7.9), or pair as they are. Pairing is offered once nobody is left
 * waiting; a lower minimum is set first, then the pairing asks for the suggestion where still needed.
 */
export function GuardChoices({
  event,
  auth,
  details,
  pending,
  onPair,
}: {
  event: EventView;
  auth: StaffAuth;
  details: { playerId?: string; message: string }[];
  pending: boolean;
  onPair: (choices: GuardChoice[]) => void;
}) {
  const { t } = useTranslation();
  const gameMinimum = useGames().data?.find((g) => g.id === event.game)?.limited.minDeckSize ?? 30;
  const floor = minimumFloor(gameMinimum);
  const [choice, setChoice] = useState<Record<string, Choice>>({});
  const [minimum, setMinimum] = useState<Record<string, number>>({});
  const [setting, setSetting] = useState(false);
  const players = details.filter((d): d is { playerId: string; message: string } => !!d.playerId);
  const chosen = players.map((p) => ({ playerId: p.playerId, choice: choice[p.playerId] ?? 'wait' }));
  const ready = chosen.length > 0 && chosen.every((c) => c.choice !== 'wait');
  const minimumOf = (playerId: string) => minimum[playerId] ?? gameMinimum - 1;
  const pair = async () => {
    setSetting(true);
    try {
      const choices: GuardChoice[] = [];
      for (const c of chosen) {
        if (c.choice !== 'lowerMinimum') {
          choices.push(c as GuardChoice);
          continue;
        }
        const set = await call(
          api.PUT('/api/events/{id}/players/{playerId}/deck-minimum', {
            params: { path: { id: event.id, playerId: c.playerId } },
            body: { minMainDeck: minimumOf(c.playerId) },
            ...staffAuth(auth),
          }),
        );
        // Their own deck may pass now; otherwise the suggestion is registered with the lower minimum.
        if (set.status !== 'legal') choices.push({ playerId: c.playerId, choice: 'suggest' });
      }
      onPair(choices);
    } catch (e) {
      window.alert(e instanceof Error ? e.message : String(e));
    } finally {
      setSetting(false);
    }
  };
  return (
    <div className="guard-choices" data-testid="guard-choices">
      {players.map((p) => (
        <div key={p.playerId} className="guard-row">
          <label className="inline">
            {p.message.split(':')[0]}
            <select value={choice[p.playerId] ?? 'wait'} onChange={(e) => setChoice({ ...choice, [p.playerId]: e.target.value as Choice })}>
              <option value="wait">{t('rounds.guard.wait')}</option>
              <option value="suggest">{t('rounds.guard.suggest')}</option>
              <option value="lowerMinimum">{t('rounds.guard.lowerMinimum')}</option>
              <option value="gameLoss">{t('rounds.guard.gameLoss')}</option>
              <option value="pairAnyway">{t('rounds.guard.pairAnyway')}</option>
            </select>
          </label>
          {choice[p.playerId] === 'lowerMinimum' && (
            <label className="inline">
              {t('rounds.guard.cards', { floor, max: gameMinimum - 1 })}
              <input
                type="number"
                min={floor}
                max={gameMinimum - 1}
                value={minimumOf(p.playerId)}
                onChange={(e) => setMinimum({ ...minimum, [p.playerId]: Number(e.target.value) })}
                inputMode="numeric"
              />
            </label>
          )}
        </div>
      ))}
      <button type="button" className="primary" disabled={!ready || pending || setting} onClick={() => void pair()}>
        {t('rounds.guard.pair')}
      </button>
    </div>
  );
}
