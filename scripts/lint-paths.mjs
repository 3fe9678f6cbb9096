#!/usr/bin/env node
// Path lint: every repository path named in a comment (src/, test/, web/src/, scripts/), in the
// docs (README.md, docs/*.md, CONTRIBUTING.md, CHANGELOG.md), in prisma/schema.prisma's comments or
// in the OpenAPI text must exist, so a newcomer who follows a pointer lands on the file it names.
// Comments also may not point outside the repository: a sibling checkout, one machine's absolute
// path, or the issue tracker ("issue 27"). Run from the repository root; exits 1 with one line per
// broken pointer. `npm run lint` runs it.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, sep } from 'node:path';

const root = process.cwd();
const skipDirs = new Set(['node_modules', 'dist', '.data', '.git', 'generated', 'coverage']);

/** Every file under `dir` (repository-relative, forward slashes), skipping build output and generated code. */
function walk(dir) {
  const out = [];
  if (!existsSync(join(root, dir))) return out;
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    if (skipDirs.has(entry.name)) continue;
    const path = dir === '.' ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...walk(path));
    else out.push(path);
  }
  return out;
}

const allFiles = walk('.').map((f) => f.split(sep).join('/'));

/** Whether a `/` at `i` starts a regular-expression literal: it follows an operator or a keyword, not a value. */
function regexMayStart(source, i) {
  let j = i - 1;
  while (j >= 0 && /\s/.test(source[j])) j--;
  if (j < 0) return true;
  if ('(,=:[!&|?{};+-*%<>~^'.includes(source[j])) return true;
  const word = /([A-Za-z_$]+)$/.exec(source.slice(Math.max(0, j - 10), j + 1));
  return !!word && ['return', 'typeof', 'case', 'in', 'of', 'void', 'throw', 'else', 'do'].includes(word[1]);
}

/**
 * The comments of a TypeScript/JavaScript source as `{ text, line }` pieces. A small lexer: it skips
 * string and template literals (so `'src/x'` in code is not read as a pointer) and keeps `//` and
 * `/* *\/` comments, and skips regular-expression literals where one may start.
 */
function comments(source) {
  const out = [];
  let i = 0;
  let line = 1;
  const templateDepth = [];
  while (i < source.length) {
    const c = source[i];
    const next = source[i + 1];
    if (c === '\n') {
      line++;
      i++;
    } else if (c === '/' && next === '/') {
      const end = source.indexOf('\n', i);
      const stop = end === -1 ? source.length : end;
      out.push({ text: source.slice(i + 2, stop), line });
      i = stop;
    } else if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end === -1 ? source.length : end;
      const text = source.slice(i + 2, stop);
      out.push({ text, line });
      line += text.split('\n').length - 1;
      i = stop + 2;
    } else if (c === '/' && regexMayStart(source, i)) {
      // A regular-expression literal: skip it whole (a quote or `//` inside is not code).
      i++;
      let inClass = false;
      while (i < source.length && source[i] !== '\n' && (inClass || source[i] !== '/')) {
        if (source[i] === '\\') i++;
        else if (source[i] === '[') inClass = true;
        else if (source[i] === ']') inClass = false;
        i++;
      }
      i++;
    } else if (c === "'" || c === '"') {
      i++;
      while (i < source.length && source[i] !== c && source[i] !== '\n') i += source[i] === '\\' ? 2 : 1;
      i++;
    } else if (c === '`' || (c === '}' && templateDepth.length && templateDepth[templateDepth.length - 1] === 0)) {
      if (c === '}') templateDepth.pop();
      i++;
      let opened = false; // stopped at a `${`: the expression may itself start with a backtick
      while (i < source.length && source[i] !== '`') {
        if (source[i] === '\\') i += 2;
        else if (source[i] === '$' && source[i + 1] === '{') {
          templateDepth.push(0);
          i += 2;
          opened = true;
          break;
        } else {
          if (source[i] === '\n') line++;
          i++;
        }
      }
      if (!opened && source[i] === '`') i++;
    } else {
      if (templateDepth.length) {
        if (c === '{') templateDepth[templateDepth.length - 1]++;
        else if (c === '}') templateDepth[templateDepth.length - 1]--;
      }
      i++;
    }
  }
  return out;
}

// A repository path: one of the top folders, then path characters. The look-behind keeps URLs
// (`https://…/src/x`), sibling paths (`../x/src/y`) and package paths (`@scope/x/src`) out.
const pathPattern = /(?<![\w.@/-])((?:src|test|docs|web\/src|scripts|prisma)\/[\w.\-/*…<>{},]*)/g;
// Pointers that leave the repository: a sibling checkout or one machine's absolute path.
const outsidePattern = /(?<![\w.])(\.\.\/shared\b|\/work\/[\w.-]+)/g;

/**
 * Allowlist: strings that look like repository paths but name something else, each with its reason.
 * Keep it short; a moved file is fixed at the pointer, never listed here.
 */
const allowed = new Map([
  // docs/architecture.md's "A cube draft, file by file" names the files a cube format would add.
  ['src/events/formats/cube/index.ts', 'planned in the cube walk-through'],
  ['src/cube/', 'planned in the cube walk-through'],
]);

/** Whether a named path (possibly a glob with `*`, `{a,b}`, `<name>` or `…`) matches something in the tree. */
function exists(raw) {
  let path = raw.replace(/[.,:;)]+$/, '');
  if (!path || allowed.has(path) || allowed.has(`${path}/`)) return true;
  if (/[*{}<>…]/.test(path)) {
    // A pattern: compare it against the files, each wildcard standing for any run of characters.
    const body = path
      .replace(/\.\.\.|…/g, '\uE000')
      .replace(/[.+?^$()|[\]\\]/g, '\\$&')
      .replace(/\*\*\/?/g, '\uE001')
      .replace(/\*/g, '[^/]*')
      .replace(/\uE001/g, '.*')
      .replace(/\{([^}]*)\}/g, (_, alts) => `(?:${alts.split(',').join('|')})`)
      .replace(/<[^>]*>/g, '[^/]+')
      .replace(/\uE000/g, '.*');
    const re = new RegExp(`^${body}`);
    return allFiles.some((f) => re.test(f));
  }
  path = path.replace(/\/$/, '');
  return existsSync(join(root, path));
}

const problems = [];
// A comment that cites the issue tracker: it is outside the repository, so the comment says what the issue asked instead.
const issuePattern = /\bissues? #?\d+/gi;
function check(file, line, text, comment = false) {
  if (comment) for (const m of text.matchAll(issuePattern)) problems.push(`${file}:${line}: "${m[0]}" cites the issue tracker; say what it asked`);
  for (const m of text.matchAll(pathPattern)) {
    if (!exists(m[1])) problems.push(`${file}:${line}: ${m[1].replace(/[.,:;)]+$/, '')} does not exist`);
  }
  for (const m of text.matchAll(outsidePattern)) {
    problems.push(`${file}:${line}: ${m[1]} points outside the repository`);
  }
}

const sourceDirs = ['src', 'test', 'web/src', 'scripts'];
const sourceExt = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
for (const file of allFiles) {
  if (!sourceDirs.some((d) => file.startsWith(`${d}/`)) || !sourceExt.test(file)) continue;
  if (file === 'web/src/api/schema.d.ts') continue; // generated from the OpenAPI document, checked below
  if (file === 'scripts/lint-paths.mjs') continue; // its own examples are patterns, not pointers
  for (const c of comments(readFileSync(join(root, file), 'utf8'))) {
    c.text.split('\n').forEach((l, k) => check(file, c.line + k, l, true));
  }
}

const docs = ['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md', ...allFiles.filter((f) => /^docs\/[^/]+\.md$/.test(f))];
for (const file of docs) {
  if (!existsSync(join(root, file))) continue;
  readFileSync(join(root, file), 'utf8')
    .split('\n')
    .forEach((l, k) => check(file, k + 1, l));
}

// The database schema's comments (`//` and `///`, the latter copied into the generated client).
readFileSync(join(root, 'prisma/schema.prisma'), 'utf8')
  .split('\n')
  .forEach((l, k) => {
    const at = l.indexOf('//');
    if (at !== -1) check('prisma/schema.prisma', k + 1, l.slice(at));
  });

/** Every `description` and `summary` string in the OpenAPI document. */
function openapiTexts(node, at, out) {
  if (Array.isArray(node)) node.forEach((n, k) => openapiTexts(n, `${at}/${k}`, out));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if ((key === 'description' || key === 'summary') && typeof value === 'string') out.push({ at: `${at}/${key}`, text: value });
      else openapiTexts(value, `${at}/${key}`, out);
    }
  }
  return out;
}
const openapi = 'web/src/api/openapi.json';
if (existsSync(join(root, openapi))) {
  for (const { at, text } of openapiTexts(JSON.parse(readFileSync(join(root, openapi), 'utf8')), '#', [])) {
    check(`${openapi} ${at}`, 0, text);
  }
}

if (problems.length) {
  console.error(`Path lint: ${problems.length} pointer(s) lead nowhere:\n${problems.join('\n')}`);
  process.exit(1);
}
