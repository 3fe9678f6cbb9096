/**
 * Importer for Berserk card data (the community JSON of the 2023 relaunch, every set in one file):
 * `{ "cards": [ { id "s1_12", set, name, cost, value, health, move, basicStrike, element, type,
 * rarity, features[] } ] }`, several sets in one file.
 */
import { DomainError } from '../../../common/errors/domain-error';
import type { BerserkCardAttributes, CardType, Printing, Rarity, SetCard, SetData } from '../../card.types';
import { ImportProblems } from '../../importers/import-problems';
import { isRecord, parseJsonText } from '../../importers/json-text';
import { sortPrintings } from '../../importers/printings';
import { RowReader } from '../../importers/row-reader';
import { applySetOptions, type ImportOptions, SET_CODE_PATTERN } from '../../importers/set-options';
import { preview, shortLabel } from '../../importers/text';

/**
 * Set names by data set id. Only s1 is named in the sources (the data's own notes:
 * s1 = "Война стихий"); other sets are called "Berserk <CODE>" until a source names them.
 */
export const BERSERK_SET_NAMES: Readonly<Record<string, string>> = { s1: 'Война стихий' };
/** Sets of the data that are not sold in boosters: "laar", the promo set (the data's own notes). */
export const BERSERK_PROMO_SETS: readonly string[] = ['laar'];

const RARITIES: Record<string, Rarity> = { common: 'common', uncommon: 'uncommon', rare: 'rare', ultrarare: 'ultra-rare', 'ultra-rare': 'ultra-rare' };

const ELEMENTS: Record<string, BerserkCardAttributes['element']> = {
  steppes: 'steppes',
  forests: 'forests',
  mountains: 'mountains',
  swamps: 'swamps',
  darkness: 'darkness',
  neutrals: 'neutral',
  neutral: 'neutral',
};

/** Data `type` → card type: "artefact" is an artifact, "place" a terrain ("местность"). */
const TYPES: Record<string, CardType> = {
  creature: 'creature',
  artefact: 'artifact',
  artifact: 'artifact',
  place: 'terrain',
  terrain: 'terrain',
  equipment: 'equipment',
  event: 'event',
};

/**
 * Features that mark how a card is printed, not what it does. In this data every row flagged "foil"
 * (98, all in s2/s3) or "alternativeArt" (37) has its own collector number and a name no other row
 * of its set uses: they are cards of their own (counted in the set's 200 for s1), not duplicates of
 * another card. So the row stays a card, the marker moves from `features` to `printings`
 * (`foil` / `alternative-art`: how that card is printed), and nothing is merged.
 */
const PRINTING_FEATURES: Record<string, Printing['kind']> = { foil: 'foil', alternativeArt: 'alternative-art' };

/** Reads `basicStrike {light, normal, heavy}`; null when absent. */
function readStrike(r: RowReader): BerserkCardAttributes['strike'] {
  const v = r.row.basicStrike;
  if (v === undefined || v === null) return null;
  if (!isRecord(v)) {
    r.problem('basicStrike', 'isObject', 'basicStrike must be {light, normal, heavy}');
    return null;
  }
  const inner = r.nested('basicStrike', v);
  const light = inner.integer('light', { required: true });
  const normal = inner.integer('normal', { required: true });
  const heavy = inner.integer('heavy', { required: true });
  return light === null || normal === null || heavy === null ? null : { light, normal, heavy };
}

interface ReadCard {
  set: string;
  card: SetCard;
}

function readCard(row: Record<string, unknown>, index: number, problems: ImportProblems): ReadCard | null {
  const before = problems.count;
  const label = typeof row.name === 'string' && row.name.trim() !== '' ? shortLabel(row.name.trim()) : typeof row.id === 'string' ? shortLabel(row.id) : undefined;
  const r = new RowReader(row, `cards[${index}]`, label, problems);

  const id = r.string('id', true);
  const set = r.string('set', true)?.toLowerCase() ?? null;
  const m = id === null ? null : /^([a-z0-9]+)_(\d+)$/i.exec(id);
  if (id !== null && !m) r.problem('id', 'cardId', `id ${preview(id)} is not "<set>_<number>"`);
  if (m && set !== null && m[1].toLowerCase() !== set) r.problem('id', 'cardId', `id ${preview(id)} does not belong to set ${preview(set)}`);
  if (set !== null && !SET_CODE_PATTERN.test(set.toUpperCase())) r.problem('set', 'setCode', `set ${preview(set)} must be 1–16 letters or digits`);
  const number = m ? Number(m[2]) : null;
  if (number === 0) r.problem('id', 'cardId', `id "${id}" has collector number 0`);
  const name = r.string('name', true);
  const rarity = r.oneOf('rarity', RARITIES);
  const dataType = r.oneOf('type', TYPES);
  const element = r.oneOf('element', ELEMENTS);
  const value = r.oneOf('value', { gold: 'gold', silver: 'silver' } as const);
  const cost = r.integer('cost');
  const health = r.integer('health');
  const move = r.integer('move');
  const strike = readStrike(r);

  const rawFeatures = r.row.features ?? [];
  let features: string[] = [];
  if (!Array.isArray(rawFeatures) || rawFeatures.some((f) => typeof f !== 'string' || f.trim() === '')) {
    r.problem('features', 'isArray', 'features must be a list of keyword ids');
  } else {
    features = (rawFeatures as string[]).map((f) => f.trim());
  }
  // Type: use both fields (docs/rules.md): some artifacts and terrains are typed "creature" and marked
  // by a feature.
  const marksArtifact = features.includes('artifact');
  const marksTerrain = features.includes('terrain');
  if (marksArtifact && marksTerrain) r.problem('features', 'type', 'features mark the card both artifact and terrain');
  const type = dataType === 'creature' && marksArtifact ? 'artifact' : dataType === 'creature' && marksTerrain ? 'terrain' : dataType;

  if (problems.count > before || set === null || number === null || name === null || rarity === null || type === null || element === null || value === null) {
    return null;
  }
  const printings = sortPrintings(features.filter((f) => f in PRINTING_FEATURES).map((f) => ({ kind: PRINTING_FEATURES[f] })));
  const attributes: BerserkCardAttributes = {
    game: 'berserk',
    element,
    cost,
    elite: value === 'gold',
    unique: features.includes('unique'),
    horde: features.includes('horde'),
    flying: features.includes('flying'),
    health,
    move,
    strike,
    features: features.filter((f) => !(f in PRINTING_FEATURES)),
  };
  return { set, card: { number, name, rarity, type, attributes, printings } };
}

/**
 * Parses Berserk sets.json: one SetData per data `set` ("s1" → code "S1"), named from
 * BERSERK_SET_NAMES or "Berserk <CODE>"; `options.set` keeps one ("s1"). boosterLayout is null.
 *
 * Mapping: number = the id's suffix ("s1_12" → 12); rarity ultrarare → ultra-rare; element
 * neutrals → neutral; type artefact → artifact, place → terrain, and a creature whose features
 * hold "artifact"/"terrain" is that type; elite = value gold; unique/horde/flying from features;
 * "foil"/"alternativeArt" are printings (see PRINTING_FEATURES).
 *
 * @returns the sets in code order, cards sorted by number.
 * @throws DomainError MALFORMED_BODY (not JSON; detail.line), IMPORT_INVALID (every bad card:
 *   field "cards[i].key", card = name or id; duplicate numbers), and applySetOptions' errors.
 */
export function parseBerserkJson(text: string, options: ImportOptions = {}): SetData[] {
  const parsed = parseJsonText(text, 'The Berserk JSON file');
  if (!isRecord(parsed) || !Array.isArray(parsed.cards)) {
    throw new DomainError('IMPORT_INVALID', 'A Berserk JSON file is {"cards": [ … ]}', [{ field: 'cards', rule: 'isArray', message: 'expected an object with a "cards" array' }]);
  }
  const problems = new ImportProblems();
  const bySet = new Map<string, Map<number, SetCard>>();
  parsed.cards.forEach((row: unknown, index: number) => {
    if (!isRecord(row)) {
      problems.add({ field: `cards[${index}]`, rule: 'isObject', message: `cards[${index}] is not an object` });
      return;
    }
    const read = readCard(row, index, problems);
    if (!read) return;
    const cards = bySet.get(read.set) ?? new Map<number, SetCard>();
    bySet.set(read.set, cards);
    const other = cards.get(read.card.number);
    if (other) {
      problems.add({
        field: `cards[${index}].id`,
        rule: 'duplicateNumber',
        card: shortLabel(read.card.name),
        message: `${shortLabel(read.card.name)}: collector number ${read.set.toUpperCase()}-${read.card.number} is also ${preview(shortLabel(other.name))}`,
      });
      return;
    }
    cards.set(read.card.number, read.card);
  });
  if (parsed.cards.length === 0) problems.add({ field: 'cards', rule: 'notEmpty', message: 'the file holds no cards' });
  problems.throwIfAny('The Berserk JSON file');

  const sets: SetData[] = [...bySet.entries()]
    .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
    .map(([set, cards]) => ({
      game: 'berserk',
      code: set.toUpperCase(),
      name: BERSERK_SET_NAMES[set] ?? `Berserk ${set.toUpperCase()}`,
      cards: [...cards.values()].sort((a, b) => a.number - b.number),
      boosterLayout: null,
      ...(BERSERK_PROMO_SETS.includes(set) ? { boosters: false as const } : {}),
    }));
  return applySetOptions(sets, options);
}
