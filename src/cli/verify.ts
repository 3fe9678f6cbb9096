/**
 * `npm run verify -- <export.json>`: verifies an event from its export file (GET /api/events/:id/export)
 * with no server and no database — the same checks as GET /api/events/:id/verification
 * (src/verification/verify-event.ts), so players need not trust the server.
 *
 *   npm run verify -- friday-draft.json          a table of counts, every mismatch in full, the result
 *   npm run verify -- friday-draft.json --json   the report as JSON instead
 *
 * Exit codes: 0 every checked item matches; 1 an item mismatches or the seed is not revealed yet;
 * 2 bad usage, or the file cannot be read, is not an event export of a supported version, or holds
 * content the verifier cannot work with at all.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { EventExport } from '../verification/event-export.types';
import { formatReport } from '../verification/format-report';
import { parseEventExport } from '../verification/parse-event-export';
import { verifyEvent } from '../verification/verify-event';

const USAGE = 'usage: npm run verify -- <export.json> [--json]';

function usage(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

function readExport(path: string): EventExport {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    usage(`cannot read ${path}: ${(error as Error).message}`);
  }
  try {
    return parseEventExport(text);
  } catch (error) {
    usage(`${path} is not a readable event export: ${(error as Error).message}`);
  }
}

const OPTIONS = { json: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } } as const;

function parseCommandLine() {
  try {
    return parseArgs({ options: OPTIONS, allowPositionals: true });
  } catch (error) {
    usage((error as Error).message);
  }
}

function main(): void {
  const { values, positionals } = parseCommandLine();
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (positionals.length !== 1) usage(positionals.length === 0 ? 'an export file is required' : 'exactly one export file expected');
  const file = readExport(positionals[0]);
  const report = verifyEvent(file);
  process.stdout.write(values.json ? JSON.stringify(report, null, 2) + '\n' : formatReport(report, file));
  process.exitCode = report.ok ? 0 : 1;
}

try {
  main();
} catch (error) {
  // verifyEvent reports bad content as mismatches; anything thrown means a file it cannot work with.
  process.stderr.write(`cannot verify this file: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(2);
}
