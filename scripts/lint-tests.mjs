#!/usr/bin/env node
// Test habits lint, run by `npm run lint`:
// - no timed assertions: a test never asserts on a duration it measured with the clock (Date.now(),
//   performance.now(), process.hrtime). On a loaded machine such a test fails for no fault of the code;
//   speed belongs in `npm run bench`. Clocks used only to bound a wait or to log are fine.
// - no silent skips: a skipped test (it.skip, describe.skip, test.skip, xit/xdescribe/xtest, or a
//   conditional `(cond ? it : it.skip)`) names why in a comment on the same or the previous line.
// Exits 1 with one line per problem.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const root = process.cwd();
const skipDirs = new Set(['node_modules', 'dist', '.data', '.git', 'generated', 'coverage']);
const testFile = /\.(spec|e2e-spec|medium-spec|browser-spec)\.(ts|tsx|mts|js|mjs)$/;

function walk(dir) {
  const out = [];
  if (!existsSync(join(root, dir))) return out;
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    if (skipDirs.has(entry.name)) continue;
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...walk(path));
    else if (testFile.test(entry.name)) out.push(path);
  }
  return out;
}

const clockRead = /\bDate\.now\(\)|\bperformance\.now\(\)|\bprocess\.hrtime\b|\bhrtime\(/;
const skip = /(?<![\w.])(?:(?:it|test|describe)\.skip\b|x(?:it|test|describe)\s*\()/;
const problems = [];

for (const file of ['src', 'test', 'web/src'].flatMap(walk)) {
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  // Without string contents: a word in a message is not a variable.
  const code = lines.map((line) => line.replace(/(['"`])(?:\\.|(?!\1).)*\1/g, "''"));
  // Clock stamps (`const started = Date.now()`), and the durations computed from them or from a
  // clock read (`const ms = Date.now() - started`, `const mean = ms / runs`).
  const stamps = new Set();
  const durations = new Set();
  const assignment = /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=]+)?=(?!>)(.*)$/;
  const mentions = (text, names) => [...names].filter((name) => new RegExp(`(?<![\\w$.])${name.replace(/\$/g, '\\$')}(?![\\w$]|\\s*:)`).test(text));
  for (const line of code) {
    const m = assignment.exec(line);
    if (m && /^\s*(?:Number\()?(?:Date\.now\(\)|performance\.now\(\)|process\.hrtime(?:\.bigint)?\(\))\)?\s*;?\s*$/.test(m[2])) stamps.add(m[1]);
  }
  const elapsed = (text) => /-/.test(text) && (clockRead.test(text) || mentions(text, stamps).length > 0);
  let grew = true;
  while (grew) {
    grew = false;
    for (const line of code) {
      const m = assignment.exec(line);
      if (!m || durations.has(m[1]) || stamps.has(m[1]) || /\bawait\b|=>/.test(m[2])) continue;
      if (elapsed(m[2]) || mentions(m[2], durations).length) {
        durations.add(m[1]);
        grew = true;
      }
    }
  }
  lines.forEach((line, k) => {
    const at = `${file}:${k + 1}`;
    const text = code[k];
    if (/\bexpect\s*\(/.test(text) && (elapsed(text) || mentions(text, durations).length)) {
      problems.push(`${at}: timed assertion; measure speed in \`npm run bench\`, check behaviour here`);
    }
    if (skip.test(line)) {
      const previous = k > 0 ? lines[k - 1].trim() : '';
      const explained = /\/\/\s*\S/.test(line.slice(line.search(skip))) || /^(\/\/|\*|\/\*).*\S/.test(previous) || /\*\/$/.test(previous);
      if (!explained) problems.push(`${at}: skipped test without a reason; say why in a comment on this or the previous line`);
    }
  });
}

if (problems.length) {
  console.error(`Test lint: ${problems.length} problem(s):\n${problems.join('\n')}`);
  process.exit(1);
}
