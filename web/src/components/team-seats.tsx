import { useTranslation } from 'react-i18next';
import type { Schemas } from '../api/client';

type Member = Schemas['PairingMemberDto'];

/**
 * A team game's table (docs/rules.md "Team seating at the game table"): each member's seat letter
 * facing the opponent of the same letter, and their seat around the table (the teams alternate,
 * A, B, A, B…). Nothing for a solo pairing. `me` marks the player's own line (the phone).
 */
export function TeamSeats({ pairing, me }: { pairing: Schemas['PairingDto']; me?: string }) {
  const { t } = useTranslation();
  const own = (pairing.playerA.members ?? []) as Member[];
  if (own.length === 0) return null;
  const other = ((pairing.playerB as Schemas['PlayerRefDto'] | null)?.members ?? []) as Member[];
  const name = (m: Member | undefined) => (m ? t('teamSeats.member', { seat: m.seat ?? '', name: m.name, tableSeat: m.tableSeat ?? '' }) : t('play.bye'));
  return (
    <ul className="team-seats" data-testid="team-seats" aria-label={t('teamSeats.label')}>
      {own.map((m, i) => {
        const facing = other[i];
        const mine = me !== undefined && (m.playerId === me || facing?.playerId === me);
        return (
          <li key={m.playerId} className={mine ? 'mine' : undefined}>
            {name(m)} — {name(facing)}
          </li>
        );
      })}
    </ul>
  );
}

/** The phone's own seat: "Your seat: A (seat 3 at the table); you play Xenia (A)". */
export function MyTeamSeat({ pairing, me }: { pairing: Schemas['PairingDto']; me: string }) {
  const { t } = useTranslation();
  const sides = [pairing.playerA, pairing.playerB as Schemas['PlayerRefDto'] | null].map((s) => (s?.members ?? []) as Member[]);
  const mineSide = sides.findIndex((ms) => ms.some((m) => m.playerId === me));
  if (mineSide < 0) return null;
  const self = sides[mineSide].find((m) => m.playerId === me)!;
  const facing = sides[1 - mineSide].find((m) => m.seat === self.seat);
  if (!self.seat) return null;
  return (
    <p className="table-seat" data-testid="my-team-seat">
      {facing
        ? t('teamSeats.mine', { seat: self.seat, tableSeat: self.tableSeat ?? '', opponent: facing.name })
        : t('teamSeats.mineAlone', { seat: self.seat, tableSeat: self.tableSeat ?? '' })}
    </p>
  );
}
