import { Injectable } from '@nestjs/common';
import type { Tx } from '../events/events.repository';
import { DecksRepository, type PlayerWithDeck, type TeamWithDecks } from './decks.repository';
import { soloViolations, teamRegistration, type CardCount, type TeamDeck, type Violation } from './rules';
import type { TeamMemberHero } from './rules/team-faction.rule';

/** A stored deck of a team member as the team registration reads and rewrites it. */
interface TeamEntry {
  id: string;
  kind: 'deck' | 'working-copy';
  member: PlayerWithDeck;
  hero: string | null;
  main: CardCount[];
  /** The sideboard to store (recomputed by a recheck, else as stored). */
  sideboard: CardCount[];
  submittedBy: string;
  updatedAt: Date;
  /** The violations of the solo rules now. */
  solo: Violation[];
  /** A registered deck that stays registered (its solo rules still pass). */
  staysRegistered: boolean;
  /** What is stored now, to write only what changes. */
  stored: { sideboard: CardCount[]; violations: Violation[]; legal: boolean };
}

/** A recheck of one stored deck against the member's current pool: its sideboard and solo violations. */
export type Recheck = (member: PlayerWithDeck, hero: string | null, main: CardCount[]) => { sideboard: CardCount[]; violations: Violation[] };

/** The submission's key among the team's decks. */
const SUBMISSION = 'submission';

/** What a submission to a team came to: registered or not, and its violations with the team's. */
export interface TeamSubmissionOutcome {
  registers: boolean;
  violations: Violation[];
}

/**
 * Applies TEAM_REGISTRATION (rules/deck-registration.ts) to a team's stored decks: registers the
 * decks the rule lets in (a working copy replaces its member's deck of record), and stores each
 * unregistered deck's team verdict beside its solo violations. Runs inside the caller's
 * transaction, under the team row lock.
 */
@Injectable()
export class TeamDecks {
  constructor(private readonly decks: DecksRepository) {}

  /**
   * A submission by `playerId`: checked with the teammates' registered decks and their decks waiting
   * for the team. Teammates' decks change only when the rule registers them with it, or when their
   * team verdict changes. The submission itself is not stored here.
   * @param soloViolationsOfSubmission the submission's violations of the solo rules.
   */
  async submit(
    tx: Tx,
    team: TeamWithDecks,
    playerId: string,
    hero: string | null,
    soloViolationsOfSubmission: Violation[],
    heroOf: (cardId: string | null) => TeamMemberHero['hero'],
  ): Promise<TeamSubmissionOutcome> {
    const entries = this.entries(team).filter((e) => e.member.id !== playerId || e.staysRegistered);
    const submission: TeamDeck = { id: SUBMISSION, playerId, hero: heroOf(hero), soloLegal: soloViolationsOfSubmission.length === 0 };
    const outcome = teamRegistration({
      teamName: team.name,
      members: team.members.map((m) => ({ playerId: m.id, name: m.name })),
      registered: entries.filter((e) => e.staysRegistered).map((e) => this.teamDeck(e, heroOf)),
      unregistered: [submission, ...entries.filter((e) => !e.staysRegistered).map((e) => this.teamDeck(e, heroOf))],
      submission: SUBMISSION,
    });
    // The submitter's own registered deck is replaced by the submission or stays as it is: not rewritten here.
    await this.apply(
      tx,
      team.eventId,
      entries.filter((e) => e.member.id !== playerId),
      outcome,
    );
    const teamViolation = outcome.teamViolations.get(SUBMISSION);
    return {
      registers: outcome.registers.includes(SUBMISSION),
      violations: teamViolation ? [...soloViolationsOfSubmission, teamViolation] : soloViolationsOfSubmission,
    };
  }

  /**
   * A recheck of every stored deck of the team (a pooled team sealed re-split changed the members'
   * pools): each deck of record and working copy against its member's pool, then the team rule. A
   * registered deck that no longer passes is no longer registered (its deck of record turns illegal);
   * a deck that passes now is registered when the team rule lets it.
   */
  async recheck(tx: Tx, team: TeamWithDecks, recheck: Recheck, heroOf: (cardId: string | null) => TeamMemberHero['hero']): Promise<void> {
    const entries = this.entries(team, recheck);
    const outcome = teamRegistration({
      teamName: team.name,
      members: team.members.map((m) => ({ playerId: m.id, name: m.name })),
      registered: entries.filter((e) => e.staysRegistered).map((e) => this.teamDeck(e, heroOf)),
      unregistered: entries.filter((e) => !e.staysRegistered).map((e) => this.teamDeck(e, heroOf)),
    });
    await this.apply(tx, team.eventId, entries, outcome);
  }

  /** Every stored deck of the team, each member's working copy before their deck of record (newest first). */
  private entries(team: TeamWithDecks, recheck?: Recheck): TeamEntry[] {
    const out: TeamEntry[] = [];
    for (const member of team.members) {
      const decks = [
        ...(member.workingCopy ? [{ kind: 'working-copy' as const, row: { ...member.workingCopy, legal: false } }] : []),
        ...(member.deck ? [{ kind: 'deck' as const, row: member.deck }] : []),
      ];
      for (const { kind, row } of decks) {
        const now = recheck ? recheck(member, row.hero, row.main) : { sideboard: row.sideboard, violations: soloViolations(row.violations) };
        out.push({
          id: `${kind}:${member.id}`,
          kind,
          member,
          hero: row.hero,
          main: row.main,
          sideboard: now.sideboard,
          submittedBy: row.submittedBy,
          updatedAt: row.updatedAt,
          solo: now.violations,
          staysRegistered: kind === 'deck' && row.legal && now.violations.length === 0,
          stored: { sideboard: row.sideboard, violations: row.violations, legal: row.legal },
        });
      }
    }
    return out;
  }

  private teamDeck(e: TeamEntry, heroOf: (cardId: string | null) => TeamMemberHero['hero']): TeamDeck {
    return { id: e.id, playerId: e.member.id, hero: heroOf(e.hero), soloLegal: e.solo.length === 0 };
  }

  /** Stores the outcome: registrations first (a working copy registered replaces its member's deck of record), then the verdicts that changed. */
  private async apply(tx: Tx, eventId: string, entries: readonly TeamEntry[], outcome: { registers: string[]; teamViolations: Map<string, Violation | null> }): Promise<void> {
    const promoted = new Set<string>();
    for (const e of entries) {
      if (e.kind !== 'working-copy' || !outcome.registers.includes(e.id)) continue;
      const { hero, main, sideboard, submittedBy, updatedAt } = e;
      await this.decks.saveDeck(tx, eventId, e.member.id, { hero, main, sideboard, legal: true, violations: [], submittedBy, updatedAt });
      await this.decks.deleteWorkingCopy(tx, e.member.id);
      promoted.add(e.member.id);
    }
    for (const e of entries) {
      if (promoted.has(e.member.id)) continue;
      const registers = e.staysRegistered || outcome.registers.includes(e.id);
      const team = outcome.teamViolations.get(e.id);
      const violations = registers ? [] : team ? [...e.solo, team] : e.solo;
      const unchanged = JSON.stringify([e.sideboard, violations, registers]) === JSON.stringify([e.stored.sideboard, e.stored.violations, e.stored.legal]);
      if (unchanged) continue;
      if (e.kind === 'deck') await this.decks.saveVerdict(tx, e.member.deck!.id, { sideboard: e.sideboard, legal: registers, violations });
      else await this.decks.saveWorkingCopyVerdict(tx, e.member.id, { sideboard: e.sideboard, violations });
    }
  }
}
