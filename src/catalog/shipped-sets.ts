import { Logger } from '@nestjs/common';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../common/database/database-target';
import { CatalogRepository } from './catalog.repository';
import { SetImporter } from './set-importer';

/** Folder of the set files the product ships (product JSON format, facts only). */
export const SHIPPED_SETS_DIR = join(PROJECT_ROOT, 'data', 'sets');

/**
 * Loads every shipped set file whose set is not in the catalog yet, so a first start has real
 * sets with no extra step. A set already present is left alone, even if its current version came
 * from an organizer's import: start-up never overrides an organizer's data.
 * @returns codes loaded now.
 */
export async function loadShippedSets(importer: SetImporter, repository: CatalogRepository, dir = SHIPPED_SETS_DIR): Promise<string[]> {
  const logger = new Logger('ShippedSets');
  if (!existsSync(dir)) return [];
  const loaded: string[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const text = readFileSync(join(dir, file), 'utf8');
    const header = JSON.parse(text) as { game?: string; code?: string };
    if (header.game && header.code) {
      const present = await repository.findSetsByCode(header.code);
      if (present.some((s) => s.game === header.game)) continue;
    }
    const results = await importer.importFile('product', text);
    for (const r of results) {
      loaded.push(r.set.code);
      logger.log(`loaded shipped set ${r.set.game} ${r.set.code} (${r.set.cardCount} cards, data version ${r.set.dataVersion.slice(0, 12)})`);
    }
  }
  return loaded;
}
