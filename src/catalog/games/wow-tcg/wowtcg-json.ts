/**
 * Importer for the community WoW TCG JSON format (one `<code>.json` file per set): one JSON
 * array of card rows per set. The traps of this data are listed in docs/rules.md
 * ("Data mapping") and handled here, each where it applies.
 */
import { DomainError } from '../../../common/errors/domain-error';
import type { CardType, Printing, Rarity, SetCard, SetData, WowCardAttributes, WowFaction } from '../../card.types';
import { WOW_CLASSES, type WowClass } from './profile';
import { ImportProblems } from '../../importers/import-problems';
import { isRecord, parseJsonText } from '../../importers/json-text';
import { sortPrintings } from '../../importers/printings';
import { RowReader } from '../../importers/row-reader';
import { applySetOptions, type ImportOptions, SET_CODE_PATTERN } from '../../importers/set-options';
import { capitalizeWords, preview, shortLabel, stripTags } from '../../importers/text';
import { WOW_SET_CODE_ALIASES, WOW_SET_NAMES } from './wow-sets';
import type { ErrorDetail } from '../../../common/errors/domain-error';

/** `rarity` codes of real cards. */
const RARITIES: Record<string, Rarity> = { c: 'common', u: 'uncommon', r: 'rare', e: 'epic' };

/**
 * `rarity` codes of rows that are another printing of the card with the same `no`
 * (docs/rules.md: "l = loot printing and p = extended-art printing … printings, not separate cards").
 */
const PRINTING_RARITIES: Record<string, Printing['kind']> = { p: 'extended-art', l: 'loot' };

/** `type` column → card type; "Equipment" is split by subtype (see equipmentType). */
const TYPES: Record<string, CardType | 'equipment'> = {
  Hero: 'hero',
  'Master Hero': 'master-hero',
  Ally: 'ally',
  Ability: 'ability',
  Quest: 'quest',
  Location: 'location',
  Equipment: 'equipment',
};

/**
 * Type strings of community files that are another way to write one of TYPES: read as that type, with
 * a notice. A totem is an ally that is played like an ability ("Ability Ally").
 */
const TYPE_ALIASES: Record<string, CardType | 'equipment'> = {
  'Ability Ally': 'ally',
  'Armor Set': 'armor',
  Weapon: 'weapon',
  Armor: 'armor',
  Item: 'item',
};

const FACTIONS: Record<string, WowFaction> = { Alliance: 'Alliance', Horde: 'Horde', Neutral: 'Neutral', Both: 'Both', Scourge: 'Scourge' };

/** One column per class, marked "x"; the data spells Death Knight without its space. */
const CLASS_COLUMNS: Record<string, WowClass> = {
  DeathKnight: 'Death Knight',
  Druid: 'Druid',
  Hunter: 'Hunter',
  Mage: 'Mage',
  Paladin: 'Paladin',
  Priest: 'Priest',
  Rogue: 'Rogue',
  Shaman: 'Shaman',
  Warlock: 'Warlock',
  Warrior: 'Warrior',
};

const SUBTYPE_COLUMNS = ['subtype', 'subtype2', 'subtype3', 'subtype4'];

/**
 * Hero subtypes that are not talents: Servants of the Betrayer's "Traitor" heroes have no talent;
 * the word stays among the subtypes.
 */
const NON_TALENT_HERO_SUBTYPES = new Set(['traitor']);

/** The set name without the suffix the data gives to printing rows ("Heroes of Azeroth (EA)"). */
function baseSetName(name: string): string {
  return name.replace(/\s*\((EA|Loot)\)\s*$/i, '').trim();
}

/** "Equipment" subtype word: weapon (1H/2H/Ranged Weapon, Weapon), armor (Armor, Armor Set) or item. */
function equipmentKind(subtype: string | null): CardType | null {
  if (subtype === null) return null;
  if (/weapon/i.test(subtype)) return 'weapon';
  if (/^armor/i.test(subtype)) return 'armor';
  if (/^item$/i.test(subtype)) return 'item';
  return null;
}

/**
 * The type of an "Equipment" row: the first subtype column that says weapon, armor or item (some
 * files put the card's own name in `subtype` and the kind after it). Neither there: an Item when the
 * subtype only repeats the card's name (with a notice), else null (a problem).
 */
function equipmentType(r: RowReader, subtypes: (string | null)[], name: string | null, notices: ErrorDetail[]): CardType | null {
  for (const value of subtypes) {
    const kind = equipmentKind(value);
    if (kind !== null) return kind;
  }
  const first = subtypes[0];
  if (first !== null && name !== null && first.trim().toLowerCase() === name.trim().toLowerCase()) {
    notices.push({
      field: r.field('subtype'),
      rule: 'equipmentSubtypeIsName',
      card: shortLabel(name),
      message: `${shortLabel(name)}: Equipment whose subtype repeats its name, read as an Item`,
    });
    return 'item';
  }
  r.problem('subtype', 'equipmentType', `Equipment subtype ${preview(first)} is none of weapon, armor, item`);
  return null;
}

/**
 * Class restriction (docs/rules.md "Data mapping"): the class columns marked "x"; `all_classes: "All"`
 * = every class; `all_classes: "None"` (allies, quests, heroes, locations) = NO restriction (null),
 * not "no class may play it"; no mark at all = null as well.
 */
function readClasses(r: RowReader): string[] | null {
  const marked: WowClass[] = [];
  for (const [column, cls] of Object.entries(CLASS_COLUMNS)) {
    if (r.isBlank(column)) continue;
    const v = r.row[column];
    if (typeof v === 'string' && v.trim().toLowerCase() === 'x') marked.push(cls);
    else r.problem(column, 'classMark', `class column ${column} must be "x" or empty, got ${preview(v)}`);
  }
  const all = r.oneOf('all_classes', { All: 'all', None: 'none' } as const, false);
  if (all === 'all') return [...WOW_CLASSES];
  if (all === 'none') {
    if (marked.length > 0) r.problem('all_classes', 'classConflict', `all_classes "None" contradicts the marked class columns ${marked.join(', ')}`);
    return null;
  }
  return marked.length > 0 ? WOW_CLASSES.filter((c) => marked.includes(c)) : null;
}

type SubtypeFacts = Pick<WowCardAttributes, 'talent' | 'heroTalent' | 'unique' | 'unlimited' | 'subtypes'>;

/**
 * What the subtype columns say. Talent requirement = `subtype` when `subtype2` is "Talent"
 * (docs/rules.md); on hero rows `subtype` is the hero's own talent. Talents are capitalized ("restoration",
 * "Beast mastery" appear once each) so cards and heroes compare equal. "Unique"/"Unlimited" are tags.
 * Whatever remains is kept as printed in `subtypes`.
 */
function readSubtypes(r: RowReader, values: (string | null)[], type: CardType | null): SubtypeFacts {
  const [subtype, subtype2] = values;
  const isTalentCard = subtype2 !== null && subtype2.toLowerCase() === 'talent';
  if (isTalentCard && subtype === null) r.problem('subtype', 'talent', 'subtype2 is "Talent" but subtype names no talent');
  const talent = isTalentCard && subtype !== null ? capitalizeWords(subtype) : null;
  const heroTalent = type === 'hero' && subtype !== null && !NON_TALENT_HERO_SUBTYPES.has(subtype.toLowerCase()) ? capitalizeWords(subtype) : null;

  const consumed = new Set<number>();
  if (isTalentCard) consumed.add(0).add(1);
  if (heroTalent !== null) consumed.add(0);
  const lower = values.map((v) => v?.toLowerCase() ?? '');
  const isTag = (i: number): boolean => lower[i] === 'unique' || lower[i] === 'unlimited';
  return {
    talent,
    heroTalent,
    unique: lower.includes('unique'),
    unlimited: lower.includes('unlimited'),
    subtypes: values.filter((v, i): v is string => v !== null && v !== '' && !consumed.has(i) && !isTag(i)),
  };
}

interface ReadRow {
  /** Index of the row in the file's array, for error paths. */
  index: number;
  number: number;
  name: string;
  setCode: string;
  setName: string | null;
  /** A real card, or another printing of the card with this number. */
  card: SetCard | null;
  printing: Printing['kind'] | null;
}

/** Maps one row; returns null (after recording problems) when the row cannot be used. */
function readRow(row: Record<string, unknown>, index: number, problems: ImportProblems, notices: ErrorDetail[], kept?: ImportOptions['unknownValues']): ReadRow | null {
  const before = problems.count;
  const rawName = typeof row.name === 'string' ? row.name.trim() : '';
  const rawCode = typeof row.setcode === 'string' ? row.setcode.trim().toUpperCase() : '';
  const label = rawName !== '' ? shortLabel(rawName) : rawCode !== '' && typeof row.no === 'number' ? `${rawCode}-${row.no}` : undefined;
  const r = new RowReader(row, `[${index}]`, label, problems);

  const name = r.string('name', true);
  const number = r.integer('no', { required: true, min: 1 });
  const writtenCode = r.string('setcode', true)?.toUpperCase() ?? null;
  // Another tool's code for a set Podium knows (ICE → ICC): the set is imported under Podium's code.
  const setCode = writtenCode === null ? null : (WOW_SET_CODE_ALIASES[writtenCode] ?? writtenCode);
  if (setCode !== null && !SET_CODE_PATTERN.test(setCode)) r.problem('setcode', 'setCode', `setcode ${preview(setCode)} must be 1–16 letters or digits`);
  const setName = r.string('setname');
  const rarityCode = r.oneOf('rarity', { c: 'c', u: 'u', r: 'r', e: 'e', p: 'p', l: 'l' });
  const rarity = rarityCode === null ? null : (RARITIES[rarityCode] ?? null);
  const printing = rarityCode === null ? null : (PRINTING_RARITIES[rarityCode] ?? null);
  const writtenType = typeof row.type === 'string' ? row.type.trim() : null;
  const aliasType = writtenType === null ? undefined : TYPE_ALIASES[writtenType];
  if (aliasType !== undefined) {
    notices.push({
      field: r.field('type'),
      rule: 'typeAlias',
      ...(name ? { card: shortLabel(name) } : {}),
      message: `${label ?? `row ${index}`}: type ${preview(writtenType)} read as ${aliasType}`,
    });
  }
  const rawType = aliasType ?? r.oneOf('type', TYPES);
  const subtypeValues = SUBTYPE_COLUMNS.map((k) => r.string(k)).map((v) => (v === null ? null : stripTags(v)));
  const type: CardType | null = rawType === 'equipment' ? equipmentType(r, subtypeValues, name, notices) : rawType;
  const rawFaction = r.string('faction', true);
  let faction: WowFaction | null = rawFaction === null ? null : (Object.entries(FACTIONS).find(([k]) => k.toLowerCase() === rawFaction.toLowerCase())?.[1] ?? null);
  if (rawFaction !== null && faction === null && r.unknownValue('faction', `faction ${preview(rawFaction)} is not one of ${Object.keys(FACTIONS).join(', ')}`, kept))
    faction = rawFaction as WowFaction;
  const classes = readClasses(r);

  const { talent, heroTalent, unique, unlimited, subtypes } = readSubtypes(r, subtypeValues, type);

  let heroClass: string | null = null;
  if (type === 'hero' || type === 'master-hero') {
    heroClass = r.string('class');
    if (
      heroClass !== null &&
      !(WOW_CLASSES as readonly string[]).includes(heroClass) &&
      !r.unknownValue('class', `hero class ${preview(heroClass)} is not one of ${WOW_CLASSES.join(', ')}`, kept)
    ) {
      heroClass = null;
    }
  }
  const race = r.string('race');
  const professions = ['profession', 'profession2'].map((k) => r.string(k)).filter((p): p is string => p !== null);
  const cost = r.integer('cost'); // null: X-cost cards (e.g. "Arcane Missiles")
  const attack = r.integer('attack');
  const health = r.integer('health');
  const strikeCost = r.integer('strikecost');
  const defense = r.integer('def');

  if (problems.count > before || name === null || number === null || setCode === null || type === null || faction === null) return null;
  if (printing !== null) return { index, number, name, setCode, setName, card: null, printing };
  if (rarity === null) return null;

  const attributes: WowCardAttributes = {
    game: 'wow-tcg',
    faction,
    classes,
    talent,
    heroClass,
    heroTalent,
    race: race === null ? null : capitalizeWords(stripTags(race)),
    professions,
    unique,
    unlimited,
    cost,
    attack,
    health,
    strikeCost,
    defense,
    subtypes,
  };
  // Heroes are "u" in this data (OCTGN prints "H"): they stay uncommon, typed hero, and booster
  // sheets tell them apart by type.
  // Rules text where a file has it (a "text" column; the community lists ship without).
  const text = r.string('text');
  const card: SetCard = { number, name, rarity, type, attributes, printings: [], ...(text !== null ? { text } : {}) };
  return { index, number, name, setCode, setName, card, printing: null };
}

/**
 * Parses a WoW TCG JSON file (array of rows, format of a community deck-tools project).
 *
 * - Rows with rarity `p` (extended art) and `l` (loot) become printings of the card with the same
 *   `no` and name, else of the one card with that name (loot numbered in its own series), else they
 *   are left out (a loot card in no booster) — both in `options.notices`.
 * - Type strings of TYPE_ALIASES ("Ability Ally") and an Equipment whose subtype repeats its name
 *   are read as a type, noticed; set codes of WOW_SET_CODE_ALIASES (ICE) become Podium's (ICC).
 * - Two normal rows with the same `no` are one card when they carry the same facts (ScourgeWar
 *   lists "Edge of Oblivion" twice, identically); different facts are an error.
 * - Rows are grouped by upper-cased `setcode` (one SetData per code); the name is `setname` without
 *   " (EA)"/" (Loot)", spelled as in WOW_SET_NAMES for the known sets. `boosterLayout` is null
 *   (the catalog applies the game's defaults).
 *
 * @returns the sets of the file, cards sorted by collector number.
 * @throws DomainError MALFORMED_BODY (not JSON; detail.line), IMPORT_INVALID (every bad row: field
 *   "[row].column", card = name or "<SET>-<n>"), and the errors of applySetOptions.
 */
export function parseWowtcgJson(text: string, options: ImportOptions = {}): SetData[] {
  const parsed = parseJsonText(text, 'The WoW TCG JSON file');
  if (!Array.isArray(parsed)) {
    throw new DomainError('IMPORT_INVALID', 'A WoW TCG JSON file is an array of card rows', [{ rule: 'isArray', message: 'expected a JSON array of card rows' }]);
  }
  const problems = new ImportProblems();
  const notices = options.notices ?? [];
  const rows: ReadRow[] = [];
  parsed.forEach((row, index) => {
    if (!isRecord(row)) {
      problems.add({ field: `[${index}]`, rule: 'isObject', message: `row ${index} is not an object` });
      return;
    }
    const read = readRow(row, index, problems, notices, options.unknownValues);
    if (read) rows.push(read);
  });
  if (parsed.length === 0) problems.add({ rule: 'notEmpty', message: 'the file holds no card rows' });

  const codes = [...new Set(rows.map((r) => r.setCode))];
  const sets = codes.map((code) =>
    assembleSet(
      code,
      rows.filter((r) => r.setCode === code),
      problems,
      notices,
    ),
  );
  for (const [written, code] of Object.entries(WOW_SET_CODE_ALIASES)) {
    if (parsed.some((row) => isRecord(row) && typeof row.setcode === 'string' && row.setcode.trim().toUpperCase() === written)) {
      notices.push({ field: 'setcode', rule: 'setCodeAlias', message: `set code ${written} is what other tools write for ${WOW_SET_NAMES[code] ?? code}: imported as ${code}` });
    }
  }
  problems.throwIfAny('The WoW TCG JSON file');
  return applySetOptions(sets, options);
}

/**
 * The card a printing row (loot, extended art) is a printing of: the card with its number and name.
 * Files that number loot in its own series ("Heroes of Azeroth (Loot)" 1–3) give another card's
 * number or none: the card with the row's name, when the set has exactly one (noticed). A printing
 * row whose name is no card of the set (a loot card sold in no booster) is left out, noticed.
 */
function printedCard(code: string, row: ReadRow, cards: Map<number, SetCard>, byName: Map<string, SetCard[]>, notices: ErrorDetail[]): SetCard | null {
  const label = shortLabel(row.name);
  const same = cards.get(row.number);
  if (same && same.name === row.name) return same;
  const named = byName.get(row.name.toLowerCase()) ?? [];
  const series = row.setName !== null && /\(loot\)/i.test(row.setName) ? ` (numbered in ${preview(row.setName)})` : '';
  if (named.length === 1) {
    notices.push({
      field: `[${row.index}].no`,
      rule: 'printingByName',
      card: label,
      message: `${label}: ${row.printing} printing ${row.number}${series} attached by name to ${code}-${named[0].number}`,
    });
    return named[0];
  }
  notices.push({
    field: `[${row.index}]`,
    rule: 'leftOut',
    card: label,
    message: `${label}: ${row.printing} card ${row.number}${series} is no card of ${code}${named.length > 1 ? ' (several cards have its name)' : ' (a card sold in no booster)'}: left out`,
  });
  return null;
}

/** Builds one set from its rows: merges duplicates, attaches printings, names the set. */
function assembleSet(code: string, rows: ReadRow[], problems: ImportProblems, notices: ErrorDetail[]): SetData {
  const cards = new Map<number, SetCard>();
  for (const row of rows) {
    if (!row.card) continue;
    const seen = cards.get(row.number);
    if (seen && JSON.stringify(seen) !== JSON.stringify(row.card)) {
      problems.add({
        field: `[${row.index}].no`,
        rule: 'duplicateNumber',
        card: shortLabel(row.name),
        message: `${shortLabel(row.name)}: collector number ${code}-${row.number} is also ${preview(shortLabel(seen.name))} with other facts`,
      });
    }
    if (!seen) cards.set(row.number, row.card);
  }
  const byName = new Map<string, SetCard[]>();
  for (const card of cards.values()) byName.set(card.name.toLowerCase(), [...(byName.get(card.name.toLowerCase()) ?? []), card]);
  for (const row of rows) {
    if (!row.printing) continue;
    const card = printedCard(code, row, cards, byName, notices);
    if (card && !card.printings.some((p) => p.kind === row.printing)) card.printings = sortPrintings([...card.printings, { kind: row.printing }]);
  }
  const dataName = rows.find((r) => r.card && r.setName)?.setName ?? rows.find((r) => r.setName)?.setName ?? null;
  const name = WOW_SET_NAMES[code] ?? (dataName === null ? null : baseSetName(dataName));
  if (name === null || name === '') {
    problems.add({ field: `[${rows[0].index}].setname`, rule: 'required', message: `set ${code} has no setname` });
  }
  return {
    game: 'wow-tcg',
    code,
    name: name ?? code,
    cards: [...cards.values()].sort((a, b) => a.number - b.number),
    boosterLayout: null,
  };
}
