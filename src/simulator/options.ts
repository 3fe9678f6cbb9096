/**
 * Options of the event simulator (`npm run simulate`, src/cli/simulate.ts) and their defaults.
 * Pure: no I/O.
 */
import type { GameId } from '../catalog/card.types';
import { isValidSeed } from '../common/random/seeded-rng';
import type { Progress } from './progress';

export type SimFormat = 'sealed' | 'draft';

export interface SimulationOptions {
  /** Server root, e.g. http://127.0.0.1:3000 (routes are under /api). */
  baseUrl: string;
  /** The organizer token (without "Bearer "). */
  organizerToken: string;
  game: GameId;
  format: SimFormat;
  /** Registered players (each its own HTTP client and token), 4–64. */
  players: number;
  /** Drives the event seed and every choice of the simulator itself (picks, results, who drops). */
  seed: string;
  /** Set codes as POST /api/events takes them (one code = the game's default count). */
  packs: string[];
  /**
   * Team event (WoW TCG 2v2 / 3v3): members per team; absent = a solo event. `players` are then
   * registered as `players / teamSize` teams (POST …/teams), and rounds, standings and placings are
   * by team.
   */
  teamSize?: 2 | 3;
  /** Single-elimination cut after the Swiss rounds; 0 = none. */
  topCut: 0 | 4 | 8;
  /**
   * Draft: one player lets one pick run out so the server's timer takes it. Needs a server with
   * PICK_TIMERS on and takes a few seconds of real time; off: the event has no pick timer at all.
   */
  timeoutPick: boolean;
  /** Draft: one player is marked absent by the organizer right after the start (a bot picks for them). */
  absentPlayer: boolean;
  /** Where the export file goes (default: the system temp folder). */
  exportPath?: string;
  /** Progress reports (default: none). */
  progress?: Progress;
}

/** The packs used when --packs is not given: WoW TCG Heroes of Azeroth at the default count; Berserk S1 × 6 (sealed) or × 3 (draft). */
export function defaultPacks(game: GameId, format: SimFormat): string[] {
  if (game === 'wow-tcg') return ['HOA'];
  return Array<string>(format === 'sealed' ? 6 : 3).fill('S1');
}

/** Teams in the event: players / teamSize (0 in a solo event). */
export function teamCount(o: Pick<SimulationOptions, 'players' | 'teamSize'>): number {
  return o.teamSize ? Math.floor(o.players / o.teamSize) : 0;
}

/** The event seed derived from the simulator seed (events need 16+ characters). */
export function eventSeedOf(seed: string): string {
  return `podium-simulator-${seed}`;
}

/**
 * Checks the options a caller can get wrong.
 * @returns the problems in words; empty when the options are usable.
 */
export function optionProblems(o: Pick<SimulationOptions, 'players' | 'seed' | 'packs' | 'topCut' | 'game' | 'format' | 'teamSize'>): string[] {
  const out: string[] = [];
  if (!Number.isSafeInteger(o.players) || o.players < 4 || o.players > 64) out.push(`--players must be a whole number from 4 to 64, got ${o.players}`);
  if (!isValidSeed(o.seed) || o.seed.length > 200) out.push('--seed must be 1–200 characters without "/"');
  if (o.packs.length === 0 || o.packs.some((p) => !/^[A-Za-z0-9]{1,16}$/.test(p))) out.push('--packs must be set codes separated by commas, e.g. HOA or S1,S1,S1');
  if (![0, 4, 8].includes(o.topCut)) out.push(`--top-cut must be 4 or 8, got ${o.topCut}`);
  const teamSize = o.teamSize;
  if (teamSize !== undefined && ![2, 3].includes(teamSize)) out.push(`--team-size must be 2 or 3, got ${teamSize}`);
  else if (teamSize !== undefined && Number.isSafeInteger(o.players)) {
    if (o.players % teamSize !== 0) out.push(`--players ${o.players} cannot form teams of ${teamSize}: give a multiple of ${teamSize}`);
    else if (o.players / teamSize < 2) out.push(`--team-size ${teamSize} needs at least 2 teams (${2 * teamSize} players)`);
    else if (o.topCut > o.players / teamSize) out.push(`--top-cut ${o.topCut} needs at least ${o.topCut} teams (${o.topCut * teamSize} players with --team-size ${teamSize})`);
  } else if (o.topCut > o.players) out.push(`--top-cut ${o.topCut} needs at least ${o.topCut} players`);
  if (!['wow-tcg', 'berserk'].includes(o.game)) out.push(`--game must be wow-tcg or berserk, got ${o.game}`);
  if (!['sealed', 'draft'].includes(o.format)) out.push(`--format must be sealed or draft, got ${o.format}`);
  return out;
}
