/**
 * `npm run simulate`: one complete event driven through the public REST API by separate clients
 * (organizer + N players), with every consistency check of src/simulator. Without --url it starts
 * its own server (dist/main.js) on a fresh embedded PostgreSQL, with pick timers on, so one pick is
 * left to the timer.
 *
 *   npm run simulate                                            8-player WoW TCG draft (HOA), seed "podium"
 *   npm run simulate -- --players 8 --top-cut 4 --seed friday
 *   npm run simulate -- --game berserk --format sealed --players 6 --packs S1,S1,S1,S1,S1,S1
 *   npm run simulate -- --team-size 2 --players 8                 WoW TCG 2v2 team draft: 4 teams
 *   npm run simulate -- --packs-source physical --players 10      a draft of real boosters: seating, decks as lists
 *   npm run simulate -- --url http://127.0.0.1:3000 --organizer-token "$(cat .data/organizer-token)"
 *
 * Progress on stderr, summary on stdout. Exit codes: 0 no inconsistency; 1 an inconsistency (or the
 * run stopped on an unexpected answer); 2 bad usage or the server could not be started.
 */
import { Command, InvalidArgumentError, Option } from 'commander';
import { draftLoad } from './draft-load';
import { Presets, SingleBar } from 'cli-progress';
import type { GameId } from '../catalog/card.types';
import { defaultPacks, optionProblems, type SimFormat, type SimulationOptions } from '../simulator/options';
import { startOwnServer, type OwnServer } from '../simulator/own-server';
import type { Progress } from '../simulator/progress';
import { simulateEvent } from '../simulator/simulate-event';
import { formatSummary } from '../simulator/summary';

function integer(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('a whole number is expected');
  return Number(value);
}

/** A progress bar on stderr (drawn only on a terminal); notes go to stderr as lines. */
function progressBar(): Progress {
  const bar = new SingleBar({ stream: process.stderr, format: '{phase} [{bar}] {value}/{total}', hideCursor: true, clearOnComplete: false }, Presets.shades_classic);
  let started = false;
  return {
    phase(name, total) {
      if (started) bar.stop();
      bar.start(Math.max(total, 1), 0, { phase: name.padEnd(8) });
      started = true;
    },
    resize: (total) => bar.setTotal(Math.max(total, 1)),
    advance: (by = 1) => bar.increment(by),
    note: (line) => void process.stderr.write(process.stderr.isTTY ? `\r\x1b[K${line}\n` : `${line}\n`), // the bar redraws below
    stop: () => started && bar.stop(),
  };
}

const fmtInt = (n: number) => Math.round(n).toLocaleString('en-US');

function usage(message: string): never {
  process.stderr.write(`simulate: ${message}\n`);
  process.exit(2);
}

async function main(): Promise<void> {
  const program = new Command('simulate')
    .description('Drive a complete Podium event through the REST API as an organizer and N players, checking every result.')
    .option('--url <url>', 'server to drive (default: start one on a fresh embedded PostgreSQL)')
    .option('--organizer-token <token>', 'organizer token of --url (default: $ORGANIZER_TOKEN)')
    .addOption(new Option('--game <game>', 'game').choices(['wow-tcg', 'berserk']).default('wow-tcg'))
    .addOption(new Option('--format <format>', 'event format').choices(['sealed', 'draft']).default('draft'))
    .option('--players <n>', 'players, 4–64', integer, 8)
    .addOption(new Option('--team-size <n>', 'team event (WoW TCG 2v2 / 3v3): players register as players/n teams; rounds and standings by team').choices(['2', '3']))
    .option('--seed <seed>', 'seed of the event and of every choice of the simulator', 'podium')
    .option('--packs <codes>', 'set codes, comma-separated (default: wow-tcg HOA; berserk S1 × 6 sealed, × 3 draft)')
    .addOption(
      new Option('--packs-source <source>', 'generated: Podium opens the boosters; physical: real boosters at the table (seating only, decks as lists)')
        .choices(['generated', 'physical'])
        .default('generated'),
    )
    .addOption(new Option('--top-cut <n>', 'play a top cut after the Swiss rounds').choices(['4', '8']))
    .option('--no-timeout-pick', 'draft on its own server: do not leave a pick to the timer')
    .option('--json', 'print the result as JSON instead of the summary')
    .option('--pods <n>', 'load mode: N concurrent 8-seat draft pods; prints picks/s and pick latency percentiles', integer)
    .exitOverride((error) => process.exit(error.exitCode === 0 ? 0 : 2))
    .parse();
  const o = program.opts<{
    url?: string;
    organizerToken?: string;
    game: GameId;
    format: SimFormat;
    players: number;
    seed: string;
    packs?: string;
    topCut?: string;
    teamSize?: string;
    timeoutPick: boolean;
    json?: boolean;
    pods?: number;
    packsSource: 'generated' | 'physical';
  }>();
  const packs = o.packs
    ? o.packs
        .split(',')
        .map((s) => s.trim().toUpperCase())
        .filter(Boolean)
    : defaultPacks(o.game, o.format);
  const base = {
    game: o.game,
    format: o.format,
    players: o.players,
    seed: o.seed,
    packs,
    topCut: (o.topCut ? Number(o.topCut) : 0) as 0 | 4 | 8,
    packSource: o.packsSource,
    ...(o.teamSize ? { teamSize: Number(o.teamSize) as 2 | 3 } : {}),
  };
  const problems = optionProblems(base);
  if (o.teamSize && o.pods) problems.push('--team-size does not apply to load mode (--pods)');
  if (o.packsSource === 'physical' && o.pods) problems.push('--packs-source physical does not apply to load mode (--pods): nothing is picked');
  if (problems.length) usage(problems.join('\n'));
  let server: OwnServer | null = null;
  let target: { baseUrl: string; organizerToken: string };
  if (o.url) {
    const token = o.organizerToken ?? process.env.ORGANIZER_TOKEN;
    if (!token) usage('--url needs --organizer-token (or ORGANIZER_TOKEN)');
    target = { baseUrl: o.url.replace(/\/+$/, '').replace(/\/api$/, ''), organizerToken: token };
  } else {
    process.stderr.write('starting a server on a fresh embedded PostgreSQL…\n');
    try {
      server = await startOwnServer();
    } catch (error) {
      usage((error as Error).message);
    }
    target = server;
  }
  if (o.pods) {
    try {
      process.stderr.write(`load mode: ${o.pods} concurrent 8-seat pods…\n`);
      const r = await draftLoad(target.baseUrl, target.organizerToken, o.pods, o.seed);
      process.stdout.write(
        `${fmtInt(r.picks)} picks: ${r.picksPerSecond.toFixed(0)} picks/s sustained (every seat picks as soon as its pack arrives)\n` +
          `open loop at ${r.openLoopRate.toFixed(0)} picks/s: pick latency p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms\n`,
      );
    } finally {
      await server?.stop(false);
    }
    return;
  }
  const options: SimulationOptions = { ...base, ...target, timeoutPick: !o.url && o.timeoutPick, absentPlayer: true, progress: progressBar() };
  try {
    const result = await simulateEvent(options);
    process.stdout.write(o.json ? JSON.stringify(result, null, 2) + '\n' : formatSummary(options, result));
    process.exitCode = result.ok ? 0 : 1;
  } finally {
    const keep = process.exitCode !== 0;
    await server?.stop(keep);
    if (server && keep) process.stderr.write(`the server's folder (database and server.log) is kept: ${server.dir}\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`simulate: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
