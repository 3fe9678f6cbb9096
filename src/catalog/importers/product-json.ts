/**
 * Importer for the product's own set format (docs/set-format.md): SetData as JSON plus a format
 * marker. This is the format of the shipped files in data/sets and of organizers' own sets.
 */
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import type { BoosterLayout, SheetDefinition } from '../layouts/booster-layout';
import { DomainError } from '../../common/errors/domain-error';
import type {
  BerserkCardAttributes,
  CardType,
  GameId,
  Rarity,
  SetCard,
  SetData,
  WowCardAttributes,
} from '../card.types';
import { ImportProblems } from './import-problems';
import { isRecord, parseJsonText } from './json-text';
import { sortPrintings } from './printings';
import { shortLabel } from './text';
import {
  type BerserkAttributesDto,
  BerserkSetFileDto,
  type BoosterLayoutDto,
  UnknownGameSetFileDto,
  type WowAttributesDto,
  WowSetFileDto,
} from './product-json.dto';
import { applySetOptions, type ImportOptions } from './set-options';
import { validationDetails } from './validation-details';

const DTO_BY_GAME = { 'wow-tcg': WowSetFileDto, berserk: BerserkSetFileDto } as const;

function wowAttributes(a: WowAttributesDto): WowCardAttributes {
  return {
    game: 'wow-tcg',
    faction: a.faction as WowCardAttributes['faction'],
    classes: a.classes ?? null,
    talent: a.talent ?? null,
    heroClass: a.heroClass ?? null,
    heroTalent: a.heroTalent ?? null,
    race: a.race ?? null,
    professions: a.professions ?? [],
    unique: a.unique ?? false,
    unlimited: a.unlimited ?? false,
    cost: a.cost ?? null,
    attack: a.attack ?? null,
    health: a.health ?? null,
    strikeCost: a.strikeCost ?? null,
    defense: a.defense ?? null,
    subtypes: a.subtypes ?? [],
  };
}

function berserkAttributes(a: BerserkAttributesDto): BerserkCardAttributes {
  return {
    game: 'berserk',
    element: a.element as BerserkCardAttributes['element'],
    cost: a.cost ?? null,
    elite: a.elite ?? false,
    unique: a.unique ?? false,
    horde: a.horde ?? false,
    flying: a.flying ?? false,
    health: a.health ?? null,
    move: a.move ?? null,
    strike: a.strike ? { light: a.strike.light, normal: a.strike.normal, heavy: a.strike.heavy } : null,
    features: a.features ?? [],
  };
}

/** Back from validated classes to the plain BoosterLayout (sheets Map → object). */
function boosterLayout(dto: BoosterLayoutDto): BoosterLayout {
  const sheets: Record<string, SheetDefinition> = {};
  for (const [name, s] of dto.sheets) {
    const sheet: SheetDefinition = {};
    if (s.filter) {
      sheet.filter = {
        ...(s.filter.rarity ? { rarity: [...s.filter.rarity] } : {}),
        ...(s.filter.type ? { type: [...s.filter.type] } : {}),
        ...(s.filter.excludeType ? { excludeType: [...s.filter.excludeType] } : {}),
      };
    }
    if (s.cards) sheet.cards = s.cards.map((c) => ({ cardId: c.cardId, weight: c.weight }));
    if (s.allowDuplicates !== undefined) sheet.allowDuplicates = s.allowDuplicates;
    sheets[name] = sheet;
  }
  return {
    sheets,
    variants: dto.variants.map((v) => ({ weight: v.weight, slots: v.slots.map((s) => ({ sheet: s.sheet, count: s.count })) })),
  };
}

/**
 * Validates an already-parsed product set file and returns its SetData (defaults filled in:
 * omitted attributes are null, false or []; `boosterLayout` omitted → null; code upper-cased).
 *
 * Checks: the DTO classes (types, ranges, unknown fields are errors, rarity/type/attributes valid
 * for the file's `game`), then collector numbers unique within the set.
 *
 * @throws DomainError IMPORT_INVALID with every problem (field e.g. "cards[12].attributes.faction",
 *   card = the card's name), at most 50 listed.
 */
export function productSetFromValue(value: unknown): SetData {
  if (!isRecord(value)) {
    throw new DomainError('IMPORT_INVALID', 'A Podium set file is a JSON object (see docs/set-format.md)', [
      { rule: 'isObject', message: 'expected a JSON object with format "podium-set"' },
    ]);
  }
  const problems = new ImportProblems();
  const rawCards = Array.isArray(value.cards) ? value.cards : [];
  const cardOf = (i: number): string | undefined => {
    const c: unknown = rawCards[i];
    if (!isRecord(c)) return undefined;
    if (typeof c.name === 'string' && c.name.trim() !== '') return shortLabel(c.name);
    return typeof c.number === 'number' && typeof value.code === 'string' ? `${value.code.toUpperCase()}-${c.number}` : undefined;
  };

  const game = typeof value.game === 'string' && value.game in DTO_BY_GAME ? (value.game as GameId) : null;
  const dtoClass = game ? DTO_BY_GAME[game] : UnknownGameSetFileDto;
  const dto = plainToInstance(dtoClass, value) as WowSetFileDto | BerserkSetFileDto | UnknownGameSetFileDto;
  const errors = validateSync(dto, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true });
  for (const detail of validationDetails(errors, cardOf)) problems.add(detail);

  const seen = new Map<number, number>();
  rawCards.forEach((c: unknown, i) => {
    if (!isRecord(c) || typeof c.number !== 'number') return;
    const first = seen.get(c.number);
    if (first === undefined) seen.set(c.number, i);
    else {
      const card = cardOf(i);
      problems.add({
        field: `cards[${i}].number`,
        rule: 'duplicateNumber',
        message: `${card ?? `cards[${i}]`}: collector number ${c.number} is also cards[${first}] (${cardOf(first) ?? '?'})`,
        ...(card ? { card } : {}),
      });
    }
  });
  problems.throwIfAny('The Podium set file');

  const valid = dto as WowSetFileDto | BerserkSetFileDto;
  const cards: SetCard[] = valid.cards.map((c) => ({
    number: c.number,
    name: c.name.trim(),
    rarity: c.rarity as Rarity,
    type: c.type as CardType,
    attributes: game === 'wow-tcg' ? wowAttributes(c.attributes as WowAttributesDto) : berserkAttributes(c.attributes as BerserkAttributesDto),
    printings: sortPrintings((c.printings ?? []).map((p) => ({ kind: p.kind as SetCard['printings'][number]['kind'] }))),
    ...(c.text !== undefined ? { text: c.text.trim() } : {}),
    ...(c.image !== undefined ? { image: c.image } : {}),
    ...(c.octgnId !== undefined ? { octgnId: c.octgnId.toLowerCase() } : {}),
  }));
  return {
    game: game as GameId,
    code: valid.code.toUpperCase(),
    name: valid.name.trim(),
    cards: cards.sort((a, b) => a.number - b.number),
    boosterLayout: valid.boosterLayout ? boosterLayout(valid.boosterLayout) : null,
    ...(valid.boosters === false ? { boosters: false as const } : {}),
  };
}

/**
 * Parses a product set file (docs/set-format.md).
 * @returns one SetData (after applySetOptions: `code` renames it).
 * @throws DomainError MALFORMED_BODY (not JSON; detail.line) and the errors of productSetFromValue
 *   and applySetOptions.
 */
export function parseProductJson(text: string, options: ImportOptions = {}): SetData[] {
  return applySetOptions([productSetFromValue(parseJsonText(text, 'The Podium set file'))], options);
}
