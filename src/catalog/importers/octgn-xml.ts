/**
 * Importer for OCTGN set definitions of the WoW TCG (OCTGN's WoW TCG game definition, one XML file per set):
 * `<set name>` with `<packaging>` (booster definition) and `<cards>` of
 * `<card name><property name value/>…</card>`.
 *
 * OCTGN carries no set code, no talents and no Unique/Unlimited tags (docs/rules.md "Data mapping"):
 * the code is derived from the set name, talents are null and the tags false.
 */
import { DomainError } from '../../common/errors/domain-error';
import type { CardType, Rarity, SetCard, SetData, WowCardAttributes, WowFaction } from '../card.types';
import { WOW_CLASSES } from '../games/wow-tcg/profile';
import { ImportProblems } from './import-problems';
import { octgnPackagingToLayout } from './octgn-packaging';
import { applySetOptions, type ImportOptions, normalizeSetCode } from './set-options';
import { preview, shortLabel } from './text';
import { deriveSetCode, knownWowSetCode, WOW_SET_NAMES } from '../games/wow-tcg/wow-sets';
import { attr, child, children, parseXmlDocument, type XmlDocument, type XmlNode } from './xml-nodes';

/** OCTGN `Type` values → card types ("Armor Set" is armor). */
const TYPES: Record<string, CardType> = {
  hero: 'hero',
  'master hero': 'master-hero',
  ally: 'ally',
  ability: 'ability',
  weapon: 'weapon',
  armor: 'armor',
  'armor set': 'armor',
  // A totem: an ally played like an ability (later sets' files).
  'ability ally': 'ally',
  item: 'item',
  quest: 'quest',
  location: 'location',
};

/** OCTGN `Rarity` codes. H marks heroes: uncommon, as the WoW JSON data prints every hero. */
const RARITIES: Record<string, Rarity> = { C: 'common', U: 'uncommon', R: 'rare', E: 'epic', H: 'uncommon' };

const FACTIONS: Record<string, WowFaction> = { alliance: 'Alliance', horde: 'Horde', neutral: 'Neutral', both: 'Both', scourge: 'Scourge' };

function octgnType(value: string): CardType | null {
  return TYPES[value.trim().toLowerCase()] ?? null;
}

/** "Death Knight", "DeathKnight", "druid" → the class as WOW_CLASSES spells it; null if unknown. */
function wowClass(value: string): string | null {
  const squashed = value.replace(/\s+/g, '').toLowerCase();
  return WOW_CLASSES.find((c) => c.replace(/\s+/g, '').toLowerCase() === squashed) ?? null;
}

/** "Azeroth - 1/361" → series "Azeroth -|361", number 1; "12" → series "|", number 12. */
function parseCardNumber(text: string): { series: string; number: number } | null {
  const m = /^(.*?)(\d+)\s*(?:\/\s*(\d+))?\s*$/.exec(text);
  if (!m || Number(m[2]) < 1) return null;
  return { series: `${m[1].trim()}|${m[3] ?? ''}`, number: Number(m[2]) };
}

interface CardContext {
  doc: XmlDocument;
  problems: ImportProblems;
  /** Lenient import: unknown faction and class values are kept, their problems collected here. */
  kept?: ImportOptions['unknownValues'];
}

/** Maps one `<card>` (already known to be of the set's numbering series); null after problems. */
function readCard(node: XmlNode, index: number, number: number, ctx: CardContext): SetCard | null {
  const before = ctx.problems.count;
  const line = ctx.doc.lineOf(node);
  const name = attr(node, 'name') ?? '';
  const label = name !== '' ? shortLabel(name) : `card ${number}`;
  const props = new Map<string, string>();
  for (const p of children(node, 'property')) {
    const key = attr(p, 'name');
    if (key !== undefined) props.set(key.toLowerCase(), attr(p, 'value') ?? '');
  }
  const problem = (prop: string, rule: string, message: string): void => {
    ctx.problems.add({ field: `cards.card[${index}].${prop}`, rule, message: `${label}: ${message}`, card: label, line });
  };
  /** A value the profile does not know: kept (lenient import) or a problem. @returns whether kept. */
  const unknown = (prop: string, message: string): boolean =>
    ctx.problems.unknownValue({ field: `cards.card[${index}].${prop}`, rule: 'isIn', message: `${label}: ${message}`, card: label, line }, ctx.kept);
  const prop = (key: string): string => props.get(key.toLowerCase())?.trim() ?? '';
  const integer = (key: string, allowX = false): number | null => {
    const v = prop(key);
    if (v === '') return null;
    if (/^\d+$/.test(v)) return Number(v);
    if (allowX && /x/i.test(v)) return null; // "X", "1+X": variable cost
    problem(key, 'isInt', `${key} ${preview(v)} is not a whole number`);
    return null;
  };

  if (name === '') problem('name', 'required', 'the card has no name');
  const type = octgnType(prop('Type'));
  if (type === null) problem('Type', 'isIn', `Type ${preview(prop('Type'))} is not one of Hero, Master Hero, Ally, Ability, Weapon, Armor, Armor Set, Item, Quest, Location`);
  const rarityCode = prop('Rarity').toUpperCase();
  const rarity = RARITIES[rarityCode] ?? null;
  if (rarity === null) problem('Rarity', 'isIn', `Rarity ${preview(prop('Rarity'))} is not one of C, U, R, E, H`);
  if (rarityCode === 'H' && type !== null && type !== 'hero') problem('Rarity', 'heroRarity', `Rarity H (hero) on a card of type ${type}`);
  let faction: WowFaction | null = FACTIONS[prop('Faction').toLowerCase()] ?? null;
  const factionProblem = `Faction ${preview(prop('Faction'))} is not one of Alliance, Horde, Neutral, Both, Scourge`;
  // A missing faction is never kept: there is no value to keep.
  if (faction === null && prop('Faction') === '') problem('Faction', 'isIn', factionProblem);
  else if (faction === null && unknown('Faction', factionProblem)) faction = prop('Faction') as WowFaction;

  // Class Restriction: "" = no restriction (null), "All" = every class, else a list of classes.
  let classes: string[] | null = null;
  const restriction = prop('Class Restriction');
  if (restriction.toLowerCase() === 'all') classes = [...WOW_CLASSES];
  else if (restriction !== '') {
    const named = restriction
      .split(/[,;/]/)
      .map((c) => c.trim())
      .filter((c) => c !== '');
    const known = named.map(wowClass);
    const kept = named.filter((c, i) => known[i] === null && unknown('Class Restriction', `class ${preview(c)} is not one of ${WOW_CLASSES.join(', ')}`));
    classes = [...WOW_CLASSES.filter((c) => known.includes(c)), ...kept];
  }
  // Class: the hero's class on heroes; on other cards OCTGN puts ally subtypes there ("Demon"): not kept.
  let heroClass: string | null = null;
  if ((type === 'hero' || type === 'master-hero') && prop('Class') !== '') {
    heroClass = wowClass(prop('Class'));
    if (heroClass === null && unknown('Class', `hero class ${preview(prop('Class'))} is not one of ${WOW_CLASSES.join(', ')}`)) heroClass = prop('Class');
  }
  const cost = integer('Cost', true);
  const attack = integer('ATK');
  const health = integer('Health');

  if (ctx.problems.count > before || type === null || rarity === null || faction === null) return null;
  const attributes: WowCardAttributes = {
    game: 'wow-tcg',
    faction,
    classes,
    talent: null,
    heroClass,
    heroTalent: null,
    race: null,
    professions: [],
    unique: false,
    unlimited: false,
    cost,
    attack,
    health,
    strikeCost: null,
    defense: null,
    subtypes: [],
  };
  // OCTGN's own id of the card (a GUID: what .o8d deck files name) and its rules text, when filled in.
  const id = attr(node, 'id')?.trim().toLowerCase() ?? '';
  const text = prop('Rules');
  return { number, name, rarity, type, attributes, printings: [], ...(GUID.test(id) ? { octgnId: id } : {}), ...(text !== '' ? { text } : {}) };
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Parses an OCTGN WoW TCG set XML.
 *
 * - Code: `options.code`, else the known code of the set name (WOW_SET_NAMES, case-insensitive:
 *   "March of the legion" → MOL), else the initials of its significant words. Name: as known, else
 *   the `<set name>`.
 * - Cards: "Card Number" "Azeroth - 1/361" → 1. Cards numbered in another series than the set's
 *   (Drums of War's file also lists "DoW Starter 1/8"…: starter-deck heroes of another product whose
 *   numbers would collide, Icecrown's crafted cards) are left out, each in `options.notices`.
 * - `<packaging>` → boosterLayout (see octgnPackagingToLayout); none → null.
 *
 * @returns one SetData (game wow-tcg), cards sorted by number.
 * @throws DomainError MALFORMED_BODY (not well-formed; detail.line), IMPORT_INVALID (no `<set>`,
 *   bad cards or packaging: field "cards.card[i].Property", card = name, line), and the errors of
 *   applySetOptions.
 */
export function parseOctgnXml(text: string, options: ImportOptions = {}): SetData[] {
  const doc = parseXmlDocument(text, 'The OCTGN set file');
  const set = child(doc.root, 'set');
  if (!set) {
    throw new DomainError('IMPORT_INVALID', 'An OCTGN set file has a <set> root element', [{ field: 'set', rule: 'required', message: 'no <set> element' }]);
  }
  const problems = new ImportProblems();
  const setName = attr(set, 'name') ?? '';
  const known = knownWowSetCode(setName);
  const code = known ?? deriveSetCode(setName);
  if (options.salvage) options.salvage.code = options.code ? options.code.trim().toUpperCase() : code !== '' ? code : null;
  if (setName === '') problems.add({ field: 'set.name', rule: 'required', message: 'the <set> has no name', line: doc.lineOf(set) });
  else if (code === '' && !options.code) {
    problems.add({ field: 'set.name', rule: 'setCode', message: `no set code can be derived from ${preview(setName)}: give one`, line: doc.lineOf(set) });
  }

  const cardNodes = children(child(set, 'cards') ?? {}, 'card');
  const numbered = cardNodes.map((node, index) => {
    const raw = children(node, 'property').find((p) => attr(p, 'name')?.toLowerCase() === 'card number');
    const parsed = parseCardNumber(attr(raw ?? {}, 'value') ?? '');
    if (!parsed) {
      const label = shortLabel(attr(node, 'name') || `card ${index}`);
      problems.add({
        field: `cards.card[${index}].Card Number`,
        rule: 'cardNumber',
        message: `${label}: Card Number ${preview(attr(raw ?? {}, 'value') ?? null)} has no collector number`,
        card: label,
        line: doc.lineOf(node),
      });
    }
    return { node, index, parsed };
  });
  // The set's own series is the one most cards use.
  const counts = new Map<string, number>();
  for (const n of numbered) if (n.parsed) counts.set(n.parsed.series, (counts.get(n.parsed.series) ?? 0) + 1);
  const mainSeries = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];

  const cards: SetCard[] = [];
  const byNumber = new Map<number, string>();
  for (const { node, index, parsed } of numbered) {
    if (!parsed) continue;
    if (parsed.series !== mainSeries) {
      const label = shortLabel(attr(node, 'name') || `card ${index}`);
      const written = attr(children(node, 'property').find((p) => attr(p, 'name')?.toLowerCase() === 'card number') ?? {}, 'value') ?? '';
      options.notices?.push({
        field: `cards.card[${index}].Card Number`,
        rule: 'leftOut',
        card: label,
        line: doc.lineOf(node),
        message: `${label}: numbered ${preview(written)}, another series than the set's (a starter deck's or crafted card, in no booster): left out`,
      });
      continue;
    }
    if (options.salvage) {
      const id = attr(node, 'id')?.trim().toLowerCase() ?? '';
      const rules = children(node, 'property').find((p) => attr(p, 'name')?.toLowerCase() === 'rules');
      const text = attr(rules ?? {}, 'value')?.trim() ?? '';
      options.salvage.cards.push({ number: parsed.number, name: attr(node, 'name') ?? '', octgnId: GUID.test(id) ? id : null, text: text !== '' ? text : null });
    }
    const card = readCard(node, index, parsed.number, { doc, problems, kept: options.unknownValues });
    if (!card) continue;
    const other = byNumber.get(card.number);
    if (other !== undefined) {
      problems.add({
        field: `cards.card[${index}].Card Number`,
        rule: 'duplicateNumber',
        message: `${shortLabel(card.name)}: collector number ${card.number} is also ${preview(shortLabel(other))}`,
        card: shortLabel(card.name),
        line: doc.lineOf(node),
      });
      continue;
    }
    byNumber.set(card.number, card.name);
    cards.push(card);
  }
  if (cards.length === 0 && problems.count === 0) problems.add({ field: 'cards', rule: 'notEmpty', message: 'the set has no cards' });

  const boosterLayout = octgnPackagingToLayout(child(set, 'packaging'), { doc, problems, typeOf: octgnType });
  problems.throwIfAny('The OCTGN set file');
  const result: SetData = {
    game: 'wow-tcg',
    code: code !== '' ? code : normalizeSetCode(options.code ?? ''), // '' only with options.code (checked above)
    name: known ? WOW_SET_NAMES[known] : setName,
    cards: cards.sort((a, b) => a.number - b.number),
    boosterLayout,
  };
  return applySetOptions([result], options);
}
