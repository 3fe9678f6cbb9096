/**
 * Pairing and standings benchmarks (`npm run bench`): the round-4 pairing of N
 * players after three rounds of seeded random results, next to the MIT `swiss-pairing` package on
 * the same history in the same run (baseline capped at 1,024 players, 60 s timeout, each baseline
 * run in its own process so a runaway cannot stall the bench); standings of 4,096 players.
 */
import { execFileSync } from 'node:child_process';
import { rngFor } from '../common/random/seeded-rng';
import { computeStandings } from '../tournament/rules/standings';
import { pairSwissRound } from '../tournament/rules/swiss-pairing';
import type { RecordedMatch, TournamentPlayer } from '../tournament/rules/types';

const SEED = 'bench-pairing-seed-0001';

/** Players p0…p(n-1) and three rounds paired by our pairing, with seeded random best-of-three results. */
export function history(n: number): { players: TournamentPlayer[]; matches: RecordedMatch[] } {
  const players: TournamentPlayer[] = Array.from({ length: n }, (_, i) => ({ id: `p${String(i).padStart(5, '0')}`, droppedAfterRound: null }));
  const rng = rngFor(SEED, `results/${n}`);
  const outcomes = [
    { winsA: 2, winsB: 0, draws: 0 },
    { winsA: 2, winsB: 1, draws: 0 },
    { winsA: 0, winsB: 2, draws: 0 },
    { winsA: 1, winsB: 2, draws: 0 },
    { winsA: 1, winsB: 1, draws: 1 },
  ];
  const matches: RecordedMatch[] = [];
  for (let round = 1; round <= 3; round++) {
    for (const p of pairSwissRound(players, matches, { seed: SEED, round }).pairings) {
      const result = p.playerB === null ? { winsA: 2, winsB: 0, draws: 0 } : outcomes[rng.below(outcomes.length)];
      matches.push({ round, playerA: p.playerA, playerB: p.playerB, ...result });
    }
  }
  return { players, matches };
}

function time<T>(work: () => T): { ms: number; value: T } {
  const start = process.hrtime.bigint();
  const value = work();
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, value };
}

/** The baseline, in this process: swiss-pairing's getMatchups for round 4 on the same history. */
export function baselineMs(n: number): number {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- CommonJS package without types
  const swiss = require('swiss-pairing')({ maxPointsPerRound: 3 });
  const { players, matches } = history(n);
  const participants = players.map((p, i) => ({ id: p.id, seed: i + 1 }));
  // Match points 3/1/0, the package's maxPointsPerRound = 3.
  const points = (w: number, l: number) => (w > l ? 3 : w === l ? 1 : 0);
  const converted = matches.map((m) => ({
    round: m.round,
    home: { id: m.playerA, points: points(m.winsA, m.winsB) },
    away: { id: m.playerB, points: m.playerB === null ? 0 : points(m.winsB, m.winsA) },
  }));
  return time(() => swiss.getMatchups(4, participants, converted)).ms;
}

export function pairingSection(script: string): void {
  console.log('\n## Swiss pairing: round 4 after three rounds of seeded random results');
  console.log('players  Podium (max-weight matching)  swiss-pairing (MIT, baseline)  ratio');
  for (const n of [128, 1024, 4096]) {
    const { players, matches } = history(n);
    const ours = time(() => pairSwissRound(players, matches, { seed: SEED, round: 4 }));
    let base = 'not run (capped at 1,024 players)';
    let ratio = '';
    if (n <= 1024) {
      try {
        const out = execFileSync(process.execPath, [script, `--swiss-baseline=${n}`], { encoding: 'utf8', timeout: 60_000 });
        const ms = Number(out.trim());
        base = `${ms.toFixed(1)} ms`;
        ratio = `time ratio ${(ours.ms / ms).toPrecision(2)} (${(ms / ours.ms).toFixed(0)}× faster)`;
      } catch {
        base = 'timed out after 60 s';
      }
    }
    console.log(`${String(n).padStart(7)}  ${`${ours.ms.toFixed(1)} ms`.padStart(28)}  ${base.padStart(29)}  ${ratio}`);
  }
  const big = history(4096);
  const standings = time(() => computeStandings(big.players, big.matches));
  console.log(`standings of 4,096 players after 3 rounds (exact fractions): ${standings.ms.toFixed(1)} ms`);
}
