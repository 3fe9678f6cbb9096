#!/usr/bin/env node
// `npm start` builds only when a source is newer than the last build (dist/.build-stamp): a start
// with nothing changed goes straight to the server instead of spending a minute compiling.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const stamp = join(root, 'dist', '.build-stamp');
const sources = ['src', 'web', 'prisma', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json'];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'generated') continue;
    max = Math.max(max, newest(join(path, entry)));
  }
  return max;
}

const built = existsSync(stamp) && existsSync(join(root, 'dist', 'main.js')) && existsSync(join(root, 'dist', 'web', 'index.html')) ? statSync(stamp).mtimeMs : 0;
const changed = Math.max(...sources.map((s) => newest(join(root, s))));
if (changed > built) {
  process.stdout.write(
    built ? 'Podium: sources changed since the last build, building (about 10 s)…\n' : 'Podium: first start, building the server and the web app (about 10 s)…\n',
  );
  const started = Date.now();
  // A production build whatever the caller's NODE_ENV (jest sets "test": Vite would then bundle
  // React's development build, 4× the bytes on a player's phone).
  execSync('npm run build --silent', { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  writeFileSync(stamp, new Date().toISOString());
  process.stdout.write(`Podium: built in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}
