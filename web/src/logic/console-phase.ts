/**
 * The organizer's console by phase: which step of the night an event is at, the steps it goes
 * through, and the one thing to do next. Pure: the event's state and its latest round in, names out.
 */

/** The night's steps, in order. `draft` only in formats that draft; `cut` only once a top cut is seeded. */
export type ConsolePhase = 'registration' | 'draft' | 'building' | 'rounds' | 'cut' | 'finished' | 'cancelled';

/** What the next action is, for the console's "next step" line. */
export type NextStep =
  'start' | 'watchDraft' | 'finishTableDraft' | 'pairFirstRound' | 'enterResults' | 'pairNextRound' | 'pairNextPlayoff' | 'completeEvent' | 'revealSeed' | 'done' | 'cancelled';

export interface PhaseInput {
  state: 'registration' | 'drafting' | 'building' | 'playing' | 'complete' | 'cancelled' | string;
  /** The format drafts (booster draft): the night has a draft step. */
  drafts: boolean;
  /** Real boosters drafted at the tables: the organizer ends the draft by hand. */
  physical: boolean;
  roundCount: number;
  /** The latest round, when there is one: its kind and how many of its matches still lack a result. */
  latestRound: { kind: 'swiss' | 'playoff' | string; open: number; matches: number } | null;
  /** The seed was revealed (after completion). */
  seedRevealed: boolean;
}

/** The event's phase: registration → draft (drafting formats) → building → rounds → cut → finished. */
export function consolePhase(input: PhaseInput): ConsolePhase {
  switch (input.state) {
    case 'registration':
      return 'registration';
    case 'drafting':
      return 'draft';
    case 'complete':
      return 'finished';
    case 'cancelled':
      return 'cancelled';
    default:
      if (input.roundCount === 0) return 'building';
      return input.latestRound?.kind === 'playoff' ? 'cut' : 'rounds';
  }
}

/** The steps shown for this event, in order (a sealed night has no draft step). */
export function phaseSteps(drafts: boolean): ConsolePhase[] {
  return drafts ? ['registration', 'draft', 'building', 'rounds', 'cut', 'finished'] : ['registration', 'building', 'rounds', 'cut', 'finished'];
}

/**
 * The next action of the phase: start; watch the draft (or end a table draft); pair round 1; enter
 * results while matches are open, then pair the next round (Swiss) or the next playoff round; once
 * the final of a top cut has its result, complete; after completion, reveal the seed.
 */
export function nextStep(input: PhaseInput): NextStep {
  const phase = consolePhase(input);
  switch (phase) {
    case 'registration':
      return 'start';
    case 'draft':
      return input.physical ? 'finishTableDraft' : 'watchDraft';
    case 'building':
      return 'pairFirstRound';
    case 'rounds':
      return input.latestRound && input.latestRound.open > 0 ? 'enterResults' : 'pairNextRound';
    case 'cut': {
      const r = input.latestRound!;
      if (r.open > 0) return 'enterResults';
      return r.matches === 1 ? 'completeEvent' : 'pairNextPlayoff';
    }
    case 'finished':
      return input.seedRevealed ? 'done' : 'revealSeed';
    case 'cancelled':
      return 'cancelled';
  }
}
