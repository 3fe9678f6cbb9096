/**
 * Dev tool: converts a set file of any import format into the product's set format
 * (docs/set-format.md) on stdout; this is how data/sets/*.json are made from the community data.
 *
 *   npx tsc -p tsconfig.build.json
 *   node dist/cli/export-set.js --format wowtcg-json --file path/to/wowtcg-json/hoa.json > data/sets/wow-tcg-hoa.json
 *   node dist/cli/export-set.js --format berserk-json --file path/to/berserk/sets.json --set s1 > data/sets/berserk-s1.json
 *
 * Options: --format product|octgn|wowtcg-json|berserk-json, --file PATH, --set CODE (one set of a
 * multi-set file), --code CODE (set code to give), --with-layout (keep the file's booster layout;
 * shipped files leave it out because the defaults live in code).
 * The output is read back with the product importer before it is printed, so it always imports.
 * Exit codes: 0 done, 1 import error (details on stderr), 2 bad usage.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DomainError } from '../common/errors/domain-error';
import { IMPORT_FORMATS, type ImportFormat, parseProductJson, parseSetFile, serializeProductSet } from '../catalog/importers';

function usage(message: string): never {
  process.stderr.write(`${message}\nusage: export-set --format ${IMPORT_FORMATS.join('|')} --file PATH [--set CODE] [--code CODE] [--with-layout]\n`);
  process.exit(2);
}

function main(): void {
  const { values } = parseArgs({
    options: {
      format: { type: 'string' },
      file: { type: 'string' },
      set: { type: 'string' },
      code: { type: 'string' },
      'with-layout': { type: 'boolean', default: false },
    },
  });
  const format = values.format as ImportFormat | undefined;
  if (!format || !IMPORT_FORMATS.includes(format)) usage(`--format must be one of ${IMPORT_FORMATS.join(', ')}`);
  if (!values.file) usage('--file is required');

  const sets = parseSetFile(format, readFileSync(values.file, 'utf8'), { set: values.set, code: values.code });
  if (sets.length !== 1) usage(`the file holds ${sets.length} sets (${sets.map((s) => s.code.toLowerCase()).join(', ')}): choose one with --set`);
  const text = serializeProductSet(sets[0], { withLayout: values['with-layout'] });
  parseProductJson(text); // never write a file the product cannot read back
  process.stdout.write(text);
}

try {
  main();
} catch (error) {
  if (error instanceof DomainError) {
    process.stderr.write(`${error.code}: ${error.message}\n`);
    for (const d of error.details) process.stderr.write(`  - ${[d.card, d.field, d.line && `line ${d.line}`].filter(Boolean).join(' | ')}: ${d.message}\n`);
    process.exit(1);
  }
  throw error;
}
