/**
 * `npm run bench`: single-thread throughput of Podium's hot paths, printed as one table per section.
 * Each section has a baseline (its first row) and shows every other row's rate and its ratio to the
 * baseline, so that figures from different machines can be compared by their ratios.
 *
 *   node dist/cli/bench.js [--duration=1500] [--algorithms] [--stalls-only] [--faults-only] [--league-only] [--no-faults]
 *
 * --league-only measures only the league standings against their SQL baseline (bench-league.ts).
 *
 * --faults-only measures only the database faults of section (g) (bench-faults.ts).
 *
 * --stalls-only measures only the stalls of section (f) (see bench-draft.ts): how long other
 * requests wait while the heaviest ones run, next to the same probe with nothing else running.
 *
 * --algorithms adds the comparison of seedrandom's algorithms that chose RNG_ALGORITHM
 * (docs/randomness.md), each measured in a child process (`--algorithm=<name>`) so that the JIT
 * does not optimize a shared call site for one algorithm and penalize the next.
 *
 * Later sections (picks/s, pairing time, standings time) are added as more `section(...)` calls,
 * each with its own `measure(...)` rows and its own baseline.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { cardIdOf } from '../catalog/card.types';
import { generatePack } from '../boosters/booster-generator';
import type { CompilableCard } from '../catalog/layouts/compiled-layout';
import { layoutTemplate } from '../catalog/layouts/default-layouts';
import { compileLayout } from '../catalog/layouts/layout-validation';
import { syntheticBerserkSet, syntheticWowSet } from '../boosters/synthetic-set';
import { GAMES } from '../catalog/games';
import { checkDeck } from '../decks/rules';
import { shippedCards } from '../decks/rules/testing/shipped-cards';
import { draftBench, stallLines } from './bench-draft';
import { baselineMs, pairingSection } from './bench-pairing';
import { leagueBench } from './bench-league';
import { faultLines, faultsBench } from './bench-faults';
import { CLAIM_SECONDS } from '../draft/draft-timers.service';
import { RNG_ALGORITHM, RNG_ALGORITHMS, rngFor, wrapPrng, type RngAlgorithm } from '../common/random/seeded-rng';

/** Minimum rate: 15-card WoW packs per second on one core (the product's target). */
const TARGET_PACKS_PER_SECOND = 100_000;
const SEED = '0123456789abcdef0123456789abcdef';

/** One measured rate. */
export interface Measurement {
  name: string;
  /** What is counted, singular ("pack", "draw"). */
  unit: string;
  /** Units per second. */
  rate: number;
}

// Results flow into this sink so that the JIT cannot drop the measured work as dead code.
let sink = 0;

const options = {
  durationMs: Number(/^--duration=(\d+)$/.exec(process.argv.find((a) => a.startsWith('--duration=')) ?? '')?.[1] ?? 1500),
  algorithms: process.argv.includes('--algorithms'),
  algorithm: /^--algorithm=(\w+)$/.exec(process.argv.find((a) => a.startsWith('--algorithm=')) ?? '')?.[1] as RngAlgorithm | undefined,
};

/**
 * Rate of `batch`, which does some work and returns how many units it did. Warms up for a fifth of
 * the duration (so the JIT has optimized the code), then repeats the batch for `durationMs`.
 */
export function measure(name: string, unit: string, batch: () => number, durationMs = options.durationMs): Measurement {
  const run = (ms: number) => {
    const start = process.hrtime.bigint();
    let units = 0;
    let elapsed: number;
    do {
      units += batch();
      elapsed = Number(process.hrtime.bigint() - start) / 1e6;
    } while (elapsed < ms);
    return (units * 1000) / elapsed;
  };
  run(durationMs / 5);
  return { name, unit, rate: run(durationMs) };
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

/**
 * Prints a section: each row's rate, its ratio to the baseline (first row), and its cost in
 * baseline units (e.g. "one pack costs as much as 90 raw draws").
 */
export function section(title: string, rows: Measurement[]): void {
  const [baseline] = rows;
  console.log(`\n## ${title}`);
  const header = ['measurement', 'rate /s', `× ${baseline.unit}s/s`, `${baseline.unit}s per unit`];
  const lines = rows.map((r) => [
    r.name,
    `${fmt(r.rate)} ${r.unit}s`,
    r === baseline ? 'baseline' : (r.rate / baseline.rate).toPrecision(3),
    r === baseline ? '1' : (baseline.rate / r.rate).toFixed(1),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const row = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(row(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const l of lines) console.log(row(l));
}

/** The shipped set file's cards, or null when the file is absent (e.g. a fresh clone before the sets land). */
function loadSet(file: string): { label: string; cards: CompilableCard[] } | null {
  const full = path.resolve(__dirname, '../../data/sets', file);
  if (!existsSync(full)) return null;
  const data = JSON.parse(readFileSync(full, 'utf8')) as { code: string; name: string; cards: { number: number; rarity: string; type: string }[] };
  return {
    label: `${data.code} (${data.cards.length} cards, data/sets/${file})`,
    cards: data.cards.map((c) => ({ cardId: cardIdOf(data.code, c.number), rarity: c.rarity, type: c.type })),
  };
}

function setOrSynthetic(file: string, synthetic: () => CompilableCard[], shape: string): { label: string; cards: CompilableCard[] } {
  const loaded = loadSet(file);
  if (loaded) return loaded;
  console.log(`note: data/sets/${file} not found; using a synthetic ${shape} instead`);
  return { label: `synthetic ${shape}`, cards: synthetic() };
}

function packRow(name: string, templateName: string, cards: CompilableCard[]): Measurement {
  const compiled = compileLayout(layoutTemplate(templateName)!, cards);
  let index = 0;
  return measure(name, 'pack', () => {
    for (let i = 0; i < 1000; i++) sink += generatePack(compiled, SEED, index++).length;
    return 1000;
  });
}

function rawDrawRow(algorithm: RngAlgorithm): Measurement {
  const prng = RNG_ALGORITHMS[algorithm](SEED + '/bench');
  return measure(`raw seedrandom ${algorithm} int32()`, 'draw', () => {
    for (let i = 0; i < 100_000; i++) sink ^= prng.int32();
    return 100_000;
  });
}

function boosterSection(): Measurement {
  const wow = setOrSynthetic('wow-tcg-hoa.json', () => syntheticWowSet('HOA'), 'HoA-shaped WoW set (361 cards)');
  const berserk = setOrSynthetic('berserk-s1.json', () => syntheticBerserkSet('S1'), 'Berserk s1-shaped set (200 cards)');
  const rng = rngFor(SEED, 'bench');
  let stream = 0;
  const rows = [
    rawDrawRow(RNG_ALGORITHM),
    measure('Rng.below(114)', 'draw', () => {
      for (let i = 0; i < 100_000; i++) sink += rng.below(114);
      return 100_000;
    }),
    measure('rngFor(seed, "pack/N") + 1 draw', 'stream', () => {
      for (let i = 0; i < 1000; i++) sink += rngFor(SEED, 'pack/' + stream++).uint32();
      return 1000;
    }),
    packRow(`WoW 15-card packs, ${wow.label}`, 'wow-tcg-15', wow.cards),
    packRow(`WoW 19-card layout on the same cards`, 'wow-tcg-19', wow.cards),
    packRow(`Berserk 12-card packs, ${berserk.label}`, 'berserk-12', berserk.cards),
  ];
  section(`Boosters (PRNG: seedrandom.${RNG_ALGORITHM}; baseline: its raw draw rate)`, rows);
  return rows[3];
}

/** Raw draws and stream creation of one algorithm: run in a fresh process so that no other algorithm shares its JIT feedback. */
function algorithmRows(algorithm: RngAlgorithm): Measurement[] {
  const create = RNG_ALGORITHMS[algorithm];
  let n = 0;
  return [
    rawDrawRow(algorithm),
    measure(`  ${algorithm}: new stream + 1 draw`, 'stream', () => {
      for (let i = 0; i < 1000; i++) sink += wrapPrng(create(SEED + '/pack/' + n++)).uint32();
      return 1000;
    }),
  ];
}

function algorithmSection(): void {
  const rows: Measurement[] = [];
  // The chosen algorithm first: it is the baseline of the comparison.
  const names = (Object.keys(RNG_ALGORITHMS) as RngAlgorithm[]).sort((a, b) => Number(b === RNG_ALGORITHM) - Number(a === RNG_ALGORITHM));
  for (const algorithm of names) {
    const out = execFileSync(process.execPath, [__filename, `--algorithm=${algorithm}`, `--duration=${options.durationMs}`], { encoding: 'utf8' });
    rows.push(...(JSON.parse(out) as Measurement[]));
  }
  section('seedrandom algorithms (one process each; a pack opens a new stream, so creation dominates)', rows);
}

/**
 * Deck check: a 60-card WoW TCG Constructed deck (15 Neutral cards × 4 of the shipped HOA set,
 * with a hero) checked by the pure rules; target under 1 ms per check.
 */
function deckSection(): void {
  const cards = shippedCards('HOA');
  const hero = cards.find((c) => c.type === 'hero')!;
  const neutral = cards
    .filter((c) => c.type !== 'hero' && (c.attributes as { faction?: string }).faction === 'Neutral' && !(c.attributes as { classes?: unknown }).classes)
    .slice(0, 15);
  const input = { game: 'wow-tcg' as const, format: 'constructed' as const, hero, main: neutral.map((card) => ({ card, count: 4 })), sideboard: [], profile: GAMES['wow-tcg'] };
  const row = measure('check a 60-card Constructed deck', 'check', () => {
    for (let i = 0; i < 100; i++) sink += checkDeck(input).violations.length;
    return 100;
  });
  const ms = 1000 / row.rate;
  console.log(`\n## Deck check (pure rules)\n${row.name}: ${fmt(row.rate)} checks/s, mean ${ms.toFixed(3)} ms (target < 1 ms): ${ms < 1 ? 'PASS' : 'FAIL'}`);
}

async function leagueSection(): Promise<void> {
  console.log('\n## League standings: 10,000 profiles, 1,000 events, 200,000 matches');
  const r = await leagueBench();
  const ms = (x: number) => `${x.toFixed(x < 10 ? 1 : 0)} ms`;
  console.log(`baseline  one SQL statement of the same standings and tiebreakers (src/leagues/sql/league-standings-baseline.sql): ${ms(r.baselineMs)} (median of 5)`);
  console.log(
    `route GET /api/leagues/:id/standings, cold (first after a corrected result): ${ms(r.coldMs)} — ${r.coldRatio.toFixed(2)} × baseline (target ≤ 1.0): ${r.coldRatio <= 1 ? 'PASS' : 'FAIL'}`,
  );
  console.log(
    `route warm (unchanged, kept in memory): ${ms(r.warmMs)} — ${r.warmRatio.toFixed(3)} × baseline; with If-None-Match (304): ${ms(r.notModifiedMs)} — ${r.notModifiedRatio.toFixed(3)} × baseline`,
  );
  console.log(`route and baseline agree on every row: ${r.disagreements === 0 ? 'yes' : `NO (${r.disagreements} rows differ)`}`);
  console.log(
    `first request after loading (every event computed and kept): ${ms(r.firstMs)}; pure computation alone (event results + league standings, data in memory): ${ms(r.pureMs)}; ${fmt(r.matches)} matches`,
  );
  const p = r.eventPages;
  console.log(
    `GET /api/events, 50 a page over the same 1,000 events (${p.pages} pages, median of 3): first page ${p.firstMs.toFixed(1)} ms (${fmt(p.firstBytes / 1024)} KB), last page ${p.lastMs.toFixed(1)} ms — ${(p.lastMs / p.firstMs).toFixed(2)} × the first (keyset: no cost for depth)`,
  );
}

async function draftSection(pods: number): Promise<void> {
  console.log(`\n## Draft over HTTP: ${pods} concurrent 8-seat pods, WoW TCG HOA (4 packs × 14 picks), server in its own process`);
  const r = await draftBench(pods);
  const ratio = r.picksPerSecond / r.baselineTps;
  console.log(`baseline  ${r.baselineName}: ${fmt(r.baselineTps)} transactions/s`);
  console.log(
    `(a) sustained picks/s (closed loop, ${fmt(r.picks)} picks): ${fmt(r.picksPerSecond)} — ${ratio.toFixed(2)} × baseline (target ≥ 0.5): ${ratio >= 0.5 ? 'PASS' : 'FAIL'}`,
  );
  console.log(`(b) open loop at ${fmt(r.openLoopRate)} picks/s: p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms (target p99 < 50 ms): ${r.p99 < 50 ? 'PASS' : 'FAIL'}`);
  const ms = (x: number | null) => (x === null ? 'n/a' : `${x.toFixed(2)} ms`);
  if (r.pgbenchAtRate)
    console.log(
      `    PostgreSQL alone at that rate (pgbench -N -R ${fmt(r.openLoopRate)}, same disk): p50 ${r.pgbenchAtRate.p50.toFixed(1)} ms, p99 ${r.pgbenchAtRate.p99.toFixed(1)} ms`,
    );
  if (r.diskSync)
    console.log(
      `    the database disk during (b): fdatasync p50 ${r.diskSync.p50.toFixed(1)} ms, p99 ${r.diskSync.p99.toFixed(1)} ms, max ${r.diskSync.max.toFixed(0)} ms (every pick's COMMIT waits for one)`,
    );
  console.log(`    CPU per pick during (a): server ${ms(r.serverCpuMsPerPick)}, PostgreSQL ${ms(r.postgresCpuMsPerPick)}`);
  console.log(`(c) load generator (keep-alive node:http, one SSE stream per seat): ${r.generatorCpuMsPerPick.toFixed(2)} ms CPU per pick`);
  console.log(
    `(d) timer burst, ${r.burst.seats} seats due in the same second: auto-pick lateness p50 ${r.burst.p50.toFixed(0)} ms, p99 ${r.burst.p99.toFixed(0)} ms, max ${r.burst.max.toFixed(0)} ms (target p99 < 1,000 ms): ${r.burst.p99 < 1000 ? 'PASS' : 'FAIL'}`,
  );
  console.log(`(e) statements per pick during (a): ${r.statementsPerPick === null ? 'n/a (no pg_stat_statements)' : r.statementsPerPick.toFixed(2)}`);
  for (const line of stallLines(r.stalls)) console.log(line);
}

async function faultsSection(): Promise<void> {
  console.log('\n## (g) Database faults: a server in its own process on a PostgreSQL the bench freezes');
  for (const line of faultLines(await faultsBench(CLAIM_SECONDS))) console.log(line);
}

function main(): void {
  const baseline = /^--swiss-baseline=(\d+)$/.exec(process.argv.find((a) => a.startsWith('--swiss-baseline=')) ?? '');
  if (baseline) {
    // Child process of pairingSection: time the swiss-pairing package alone.
    process.stdout.write(String(baselineMs(Number(baseline[1]))));
    return;
  }
  if (options.algorithm) {
    // Child process of algorithmSection: measure one algorithm, answer in JSON.
    if (!Object.hasOwn(RNG_ALGORITHMS, options.algorithm)) throw new Error(`unknown algorithm ${options.algorithm}`);
    process.stdout.write(JSON.stringify(algorithmRows(options.algorithm)));
    return;
  }
  const pods = Number(/^--pods=(\d+)$/.exec(process.argv.find((a) => a.startsWith('--pods=')) ?? '')?.[1] ?? 50);
  if (process.argv.includes('--faults-only')) {
    console.log(`Podium benchmark, database faults only (g) — node ${process.version}`);
    faultsSection().catch((error: unknown) => {
      console.error(`bench failed: ${(error as Error).message}`);
      process.exitCode = 1;
    });
    return;
  }
  if (process.argv.includes('--league-only')) {
    console.log(`Podium benchmark, league standings only — node ${process.version}`);
    leagueSection().catch((error: unknown) => {
      console.error(`bench failed: ${(error as Error).message}`);
      process.exitCode = 1;
    });
    return;
  }
  if (process.argv.includes('--stalls-only')) {
    // Only the stalls (f), on a server of its own: none of the CPU sections before them.
    console.log(`Podium benchmark, stalls only (f) — node ${process.version}: a server in its own process, GET /api/health probed while heavy requests run`);
    draftBench(pods).catch((error: unknown) => {
      console.error(`bench failed: ${(error as Error).message}`);
      process.exitCode = 1;
    });
    return;
  }
  console.log(`Podium benchmark — node ${process.version}, single thread, ~${options.durationMs} ms per row after warm-up`);
  const wow15 = boosterSection();
  if (options.algorithms) algorithmSection();
  const ok = wow15.rate >= TARGET_PACKS_PER_SECOND;
  console.log(`\ntarget: >= ${fmt(TARGET_PACKS_PER_SECOND)} 15-card packs/s — measured ${fmt(wow15.rate)}: ${ok ? 'PASS' : 'FAIL'}`);
  deckSection();
  if (!process.argv.includes('--no-pairing')) pairingSection(__filename);
  if (sink === 0.5) console.log(''); // keeps `sink` observable
  (async () => {
    if (!process.argv.includes('--no-league')) await leagueSection();
    if (!process.argv.includes('--no-draft')) await draftSection(pods);
    if (!process.argv.includes('--no-faults')) await faultsSection();
  })().catch((error: unknown) => {
    console.error(`bench failed: ${(error as Error).message}`);
    process.exitCode = 1;
  });
}

if (require.main === module) main();
