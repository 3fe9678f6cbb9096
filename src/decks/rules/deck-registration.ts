/**
 * Which deck counts for a player (Podium's rules; the deck rules themselves are in deck-check.ts
 * and team-faction.rule.ts). Pure: the service passes the verdicts and heroes it loaded.
 *
 * REGISTERED_DECK_KEPT — a player's registered deck is their latest submission that passed every
 * rule. A submission that breaks a rule never replaces a registered legal deck: it is kept as the
 * player's working copy (shown to them and the organizer, never played). With no legal deck yet,
 * the illegal submission is the player's deck of record, marked illegal (not registered), so the
 * organizer sees who still has to fix theirs; a later one replaces it.
 *
 * TEAM_REGISTRATION (WoW TCG team play, with TEAM_FACTION_MISMATCH) — the team rule is checked
 * against the teammates' registered decks only, so a member's refused submission never changes a
 * teammate's registered deck. An unregistered deck (a working copy, or a deck of record not legal)
 * that breaks no rule but the team's is "waiting for the team": it is registered as soon as the team
 * rule lets it, and a submission may be registered together with the waiting decks of teammates —
 * the only way for a whole team to change faction, since each new hero alone mismatches the others'.
 */
import { teamFactionViolations, type TeamMemberHero } from './team-faction.rule';
import type { Violation } from './types';

/** Where a submission is stored: the registered deck, the working copy, or an unregistered deck of record. */
export type SubmissionPlace = 'registered' | 'working-copy' | 'unregistered';

/**
 * REGISTERED_DECK_KEPT.
 * @param registers whether the submission is registered (legal under every rule, the team's included).
 * @param hasRegisteredDeck whether the player has a registered legal deck now.
 */
export function placeSubmission(registers: boolean, hasRegisteredDeck: boolean): SubmissionPlace {
  if (registers) return 'registered';
  return hasRegisteredDeck ? 'working-copy' : 'unregistered';
}

/** The rules other than the team's broke nothing: what a deck's stored violations say once the team's are set aside. */
export function soloViolations(violations: readonly Violation[]): Violation[] {
  return violations.filter((v) => v.code !== 'TEAM_FACTION_MISMATCH');
}

/** A deck as the team registration reads it. */
export interface TeamDeck {
  /** The caller's key for the deck (e.g. "submission", "working:<playerId>"). */
  id: string;
  playerId: string;
  hero: TeamMemberHero['hero'];
  /** No violation of the solo rules (deck-check.ts): only the team rule may still keep it out. */
  soloLegal: boolean;
}

export interface TeamRegistrationInput {
  teamName: string;
  /** Every member, in registration order (the messages name them in this order). */
  members: readonly { playerId: string; name: string }[];
  /** Every member's registered deck (at most one each; registered decks are solo-legal). */
  registered: readonly TeamDeck[];
  /**
   * Every unregistered deck, newest first per member: a member's first one is the one that may be
   * registered (their latest intent), later ones only get their team verdict.
   */
  unregistered: readonly TeamDeck[];
  /** The id, among `unregistered`, of the submission being made (tried together with waiting decks first); none for a recheck. */
  submission?: string;
}

export interface TeamRegistrationOutcome {
  /** Ids of the unregistered decks that become their member's registered deck, in the order decided. */
  registers: string[];
  /** For every unregistered deck not registered: its TEAM_FACTION_MISMATCH against the registered decks, or null. */
  teamViolations: Map<string, Violation | null>;
}

/**
 * TEAM_REGISTRATION. First the submission together with every teammate's waiting deck (the team
 * changes faction as one); failing that, each candidate alone against the registered decks — the
 * submission first, then the members' waiting decks in the order given. Then every deck left
 * unregistered gets its team verdict against the registered decks, itself standing in for its
 * member's registered deck.
 */
export function teamRegistration(input: TeamRegistrationInput): TeamRegistrationOutcome {
  const verdict = (decks: ReadonlyMap<string, TeamDeck>) =>
    teamFactionViolations(
      input.teamName,
      input.members.map((m) => ({ playerId: m.playerId, name: m.name, hero: decks.get(m.playerId)?.hero ?? null })),
    );
  const replacing = (base: ReadonlyMap<string, TeamDeck>, decks: readonly TeamDeck[]) => {
    const out = new Map(base);
    for (const d of decks) out.set(d.playerId, d);
    return out;
  };

  let registered: ReadonlyMap<string, TeamDeck> = new Map(input.registered.map((d) => [d.playerId, d]));
  const newest = new Map<string, TeamDeck>();
  for (const d of input.unregistered) if (!newest.has(d.playerId)) newest.set(d.playerId, d);
  const candidates = [...newest.values()].filter((d) => d.soloLegal);
  const registers: string[] = [];

  const submission = candidates.find((d) => d.id === input.submission);
  if (submission) {
    const together = replacing(registered, candidates);
    if (verdict(together).size === 0) {
      registered = together;
      registers.push(submission.id, ...candidates.filter((d) => d !== submission).map((d) => d.id));
    }
  }
  if (registers.length === 0) {
    for (const candidate of [...(submission ? [submission] : []), ...candidates.filter((d) => d !== submission)]) {
      const trial = replacing(registered, [candidate]);
      if (verdict(trial).size > 0) continue;
      registered = trial;
      registers.push(candidate.id);
    }
  }

  const teamViolations = new Map<string, Violation | null>();
  for (const d of input.unregistered) {
    if (registers.includes(d.id)) continue;
    teamViolations.set(d.id, verdict(replacing(registered, [d])).get(d.playerId) ?? null);
  }
  return { registers, teamViolations };
}
