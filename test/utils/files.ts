import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A file of test/fixtures (trimmed or full copies of real card data). */
export const fixture = (name: string): string => readFileSync(join(__dirname, '..', 'fixtures', name), 'utf8');

/** A set file the product ships (data/sets). */
export const shipped = (name: string): string => readFileSync(join(__dirname, '..', '..', 'data', 'sets', name), 'utf8');
