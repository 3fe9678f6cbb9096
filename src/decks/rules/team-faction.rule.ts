/**
 * TEAM_FACTION_MISMATCH (WoW TCG team play): all heroes of a team belong to one faction.
 *
 * Sources: docs/rules.md "Team play: in a team game all heroes of a team must be of one faction;
 * seats alternate teams"; seed section "Multiplayer Rules". Heroes compare by their printed
 * faction exactly: an Alliance hero and a Horde hero never share a team, nor does a Neutral hero
 * (Hunt for Illidan) with a faction hero — "one faction" admits no exception for them.
 *
 * A team-level rule: it reads every member's registered hero, so it runs beside the solo deck
 * check (deck-check.ts), not inside it. Members without a deck (or hero) yet are not compared.
 */
import type { Violation } from './types';

export interface TeamMemberHero {
  playerId: string;
  /** Member's display name, used in the message. */
  name: string;
  /** The member's hero, or null while they have no deck or no hero. */
  hero: { cardId: string; name: string; faction: string | null } | null;
}

/**
 * @param teamName the team's name (the message names it).
 * @param members every member of the team with their current hero.
 * @returns one violation per member whose hero's faction differs from a teammate's; each names the
 *   team, every member with a hero and their factions, lists the heroes (`cards`) and the members
 *   concerned (`players`). Empty when all heroes share a faction.
 */
export function teamFactionViolations(teamName: string, members: readonly TeamMemberHero[]): Map<string, Violation> {
  const withHero = members.filter((m): m is TeamMemberHero & { hero: NonNullable<TeamMemberHero['hero']> } => m.hero !== null);
  const factions = new Set(withHero.map((m) => m.hero.faction ?? 'no faction'));
  const out = new Map<string, Violation>();
  if (factions.size <= 1) return out;
  const who = withHero.map((m) => `${m.name} (${m.hero.name}, ${m.hero.faction ?? 'no faction'})`).join(', ');
  for (const member of withHero) {
    out.set(member.playerId, {
      code: 'TEAM_FACTION_MISMATCH',
      message: `Team ${teamName}: all heroes of a team must belong to one faction, but ${who} do not.`,
      cards: withHero.map((m) => m.hero.cardId),
      players: withHero.map((m) => m.playerId),
    });
  }
  return out;
}
