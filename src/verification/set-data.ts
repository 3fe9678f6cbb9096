/**
 * The pinned set data of an export, made ready for regeneration: each distinct version's data
 * version recomputed, its booster layout compiled (the full booster for sealed, the draft booster
 * for draft), and its cards looked up by id. Pure: no Nest, no Prisma.
 */
import type { BoosterLayout } from '../catalog/layouts/booster-layout';
import { withoutSheet } from '../catalog/layouts/default-layouts';
import { compileLayout, type CompiledLayout } from '../catalog/layouts/layout-validation';
import type { GameId, SetCard, SetData } from '../catalog/card.types';
import { dataVersionOf } from '../catalog/data-version';
import { GAMES } from '../catalog/games';
import { packsLeaveOutHeroSlot } from '../events/formats';
import type { EventExport, ExportCard, ExportSetVersion } from './event-export.types';
import { compareItem, type VerificationItem } from './verification-report';

/** One pinned set version, ready to regenerate packs from. */
export interface PreparedSetVersion {
  setCode: string;
  dataVersion: string;
  /** Cards by id. */
  cards: Map<string, ExportCard>;
  /** The layout packs of this event are drawn with: the draft booster for a draft, the full booster for sealed. */
  compiled: CompiledLayout;
}

/** The set version of each pack number (1-based); null when the file lacks usable data for it. */
export type VersionOfPack = (packNumber: number) => PreparedSetVersion | null;

/**
 * Sheets that hold only hero cards: a sheet whose filter names types, all of them hero types.
 * The same rule as heroSheets in src/boosters/set-version-cache.ts, which the server uses to open
 * draft packs; repeated here so that the verifier loads no Nest or Prisma code (verify-event.spec.ts
 * checks that both agree).
 */
export function heroOnlySheets(layout: BoosterLayout, heroTypes: readonly string[]): string[] {
  return Object.entries(layout.sheets)
    .filter(([, sheet]) => sheet.filter?.type?.length && sheet.filter.type.every((t) => heroTypes.includes(t)))
    .map(([name]) => name);
}

/**
 * The layout the packs of an event are drawn with (src/events/event-packs.ts): the stored layout
 * without its hero-only sheets when the format's packs leave the hero slot out (WoW draft drops it)
 * unless the event keeps the hero slot (packsLeaveOutHeroSlot). Sealed events always use the stored layout.
 */
export function packLayoutOf(layout: BoosterLayout, event: Pick<EventExport['event'], 'game' | 'format' | 'keepHeroSlot'>): BoosterLayout {
  if (!packsLeaveOutHeroSlot(event)) return layout;
  return heroOnlySheets(layout, GAMES[event.game]?.heroTypes ?? []).reduce((l, name) => withoutSheet(l, name), layout);
}

/** The catalog card (SetCard, what the data version hashes) of an exported card: every field but the id. */
function setCardOf(card: ExportCard): SetCard {
  return { number: card.number, name: card.name, rarity: card.rarity, type: card.type, attributes: card.attributes, printings: card.printings } as SetCard;
}

/**
 * The data version of an exported set version, recomputed exactly as at import (data-version.ts:
 * SHA-256 of the canonical JSON of game, code, name, cards by number and booster layout).
 */
export function recomputeDataVersion(game: GameId, version: ExportSetVersion): string {
  const set: SetData = { game, code: version.setCode, name: version.name, cards: version.cards.map(setCardOf), boosterLayout: version.boosterLayout };
  return dataVersionOf(set, version.boosterLayout);
}

const keyOf = (setCode: string, dataVersion: string) => `${setCode}\u0000${dataVersion}`;

/**
 * Checks and prepares every set version the event pinned, adding to `items`:
 * - "dataVersion <CODE>" per distinct pinned version: the recomputed data version (expected) against
 *   the pinned one (actual) — a match proves the file's cards and layout are the ones published at creation;
 * - "set data <CODE>" (mismatch) when a pinned version is missing from the file;
 * - "booster layout <CODE>" (mismatch) when its layout does not compile against its cards.
 * A label gets "@<first 12 hex digits>" when one code is pinned in several versions.
 * @returns the version of each pack number; null for a pack whose version is missing or unusable.
 */
export function prepareSetVersions(file: EventExport, items: VerificationItem[]): VersionOfPack {
  const { event } = file;
  const inFile = new Map(file.setVersions.map((v) => [keyOf(v.setCode, v.dataVersion), v]));
  const pinned = new Map(file.pinnedPacks.map((p) => [p.packNumber, keyOf(p.setCode, p.dataVersion)]));
  const versionsOfCode = new Map<string, Set<string>>();
  for (const p of file.pinnedPacks) versionsOfCode.set(p.setCode, (versionsOfCode.get(p.setCode) ?? new Set()).add(p.dataVersion));
  const label = (setCode: string, dataVersion: string) => ((versionsOfCode.get(setCode)?.size ?? 0) > 1 ? `${setCode}@${dataVersion.slice(0, 12)}` : setCode);

  const prepared = new Map<string, PreparedSetVersion | null>();
  for (const p of [...file.pinnedPacks].sort((a, b) => a.packNumber - b.packNumber)) {
    const key = keyOf(p.setCode, p.dataVersion);
    if (prepared.has(key)) continue;
    const name = label(p.setCode, p.dataVersion);
    const version = inFile.get(key);
    if (!version) {
      items.push({
        item: `set data ${name}`,
        status: 'mismatch',
        actual: { setCode: p.setCode, dataVersion: p.dataVersion },
        message: 'the pinned set version is missing from the file',
      });
      prepared.set(key, null);
      continue;
    }
    items.push(
      compareItem(
        `dataVersion ${name}`,
        recomputeDataVersion(event.game, version),
        p.dataVersion,
        'the set data in the file (name, cards, booster layout) does not hash to the data version pinned at creation',
      ),
    );
    prepared.set(key, compileVersion(version, event, name, items));
  }
  return (packNumber) => prepared.get(pinned.get(packNumber) ?? '') ?? null;
}

/** Compiles the version's pack layout; on failure adds a "booster layout" mismatch and returns null. */
function compileVersion(version: ExportSetVersion, event: EventExport['event'], name: string, items: VerificationItem[]): PreparedSetVersion | null {
  try {
    const compiled = compileLayout(packLayoutOf(version.boosterLayout, event), version.cards);
    return { setCode: version.setCode, dataVersion: version.dataVersion, cards: new Map(version.cards.map((c) => [c.cardId, c])), compiled };
  } catch (error) {
    items.push({ item: `booster layout ${name}`, status: 'mismatch', message: `the booster layout cannot be compiled against the set's cards: ${(error as Error).message}` });
    return null;
  }
}
