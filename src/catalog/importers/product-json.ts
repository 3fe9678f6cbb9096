/**
 * Importer for the product's own set format (docs/set-format.md): SetData as JSON plus a format
 * marker. This is the format of the shipped files in data/sets and of organizers' own sets.
 */
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import type { BoosterLayout, SheetDefinition } from '../layouts/booster-layout';
import { DomainError } from '../../common/errors/domain-error';
import type { CardType, GameId, Rarity, SetCard, SetData } from '../card.types';
import { GAMES } from '../games';
import { ImportProblems } from './import-problems';
import { isRecord, parseJsonText } from './json-text';
import { sortPrintings } from './printings';
import { shortLabel } from './text';
import { type BoosterLayoutDto, type GameSetFile, setFileDtoOf, UnknownGameSetFileDto } from './product-json.dto';
import { applySetOptions, type ImportOptions } from './set-options';
import { validationDetails } from './validation-details';

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

  // The file's game picks its own classes (rarities, card types, attributes); no game is read as another.
  const known = typeof value.game === 'string' && Object.hasOwn(GAMES, value.game) ? GAMES[value.game as GameId] : null;
  const dtoClass = known ? setFileDtoOf(known.id) : UnknownGameSetFileDto;
  const dto = plainToInstance(dtoClass, value) as GameSetFile | UnknownGameSetFileDto;
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

  const valid = dto as GameSetFile;
  // A file of no known game has problems by now (`game` must be one of GAME_IDS).
  const game = known as NonNullable<typeof known>;
  const cards: SetCard[] = valid.cards.map((c) => ({
    number: c.number,
    name: c.name.trim(),
    rarity: c.rarity as Rarity,
    type: c.type as CardType,
    attributes: game.productAttributes.decode(c.attributes),
    printings: sortPrintings((c.printings ?? []).map((p) => ({ kind: p.kind as SetCard['printings'][number]['kind'] }))),
    ...(c.text !== undefined ? { text: c.text.trim() } : {}),
    ...(c.image !== undefined ? { image: c.image } : {}),
    ...(c.octgnId !== undefined ? { octgnId: c.octgnId.toLowerCase() } : {}),
  }));
  return {
    game: game.id,
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
