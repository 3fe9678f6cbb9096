/**
 * Reading an event export file (event-export.types.ts) from untrusted text: the file a player
 * downloaded, possibly edited. Checks the structure only — field kinds and required fields — so
 * that verifyEvent can rely on the shapes; whether the content is right is verifyEvent's job.
 * Pure: no Nest, no Prisma.
 */
import { GAME_IDS } from '../catalog/card.types';
import { EVENT_FORMATS } from '../events/formats';
import { EVENT_EXPORT_FORMAT, EVENT_EXPORT_FORMAT_VERSION, type EventExport } from './event-export.types';

/** The text is not JSON, not an event export, of another format version, or a field has the wrong kind. */
export class EventExportFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EventExportFormatError';
  }
}

type Check = (value: unknown) => boolean;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isString: Check = (v) => typeof v === 'string';
const isNullableString: Check = (v) => v === null || typeof v === 'string';
const isInt: Check = (v) => Number.isSafeInteger(v);
const isNullableInt: Check = (v) => v === null || Number.isSafeInteger(v);
const isBoolean: Check = (v) => typeof v === 'boolean';
const isStringArray: Check = (v) => Array.isArray(v) && v.every((x) => typeof x === 'string');
const isAnything: Check = () => true;

function fail(path: string, what: string): never {
  throw new EventExportFormatError(`${path}: ${what} expected`);
}

/** Checks that `value` is an object whose listed fields pass their checks. */
function checkFields(value: unknown, path: string, fields: Record<string, [Check, string]>): Record<string, unknown> {
  if (!isObject(value)) fail(path, 'an object');
  for (const [name, [check, what]] of Object.entries(fields)) {
    if (!check(value[name])) fail(`${path}.${name}`, what);
  }
  return value;
}

/** Checks every element of the array field `name` of `parent` with `each`. */
function checkArray(parent: Record<string, unknown>, name: string, each: (element: unknown, path: string) => void, prefix = ''): void {
  const list = parent[name];
  if (!Array.isArray(list)) fail(prefix + name, 'an array');
  list.forEach((element, i) => each(element, `${prefix}${name}[${i}]`));
}

const STRING: [Check, string] = [isString, 'a string'];
const NULLABLE_STRING: [Check, string] = [isNullableString, 'a string or null'];
const INT: [Check, string] = [isInt, 'an integer'];
const NULLABLE_INT: [Check, string] = [isNullableInt, 'an integer or null'];
const BOOLEAN: [Check, string] = [isBoolean, 'a boolean'];

/**
 * Parses and checks an event export.
 * @param text the file's content (UTF-8 JSON).
 * @returns the export, typed; its content is not verified here (see verifyEvent).
 * @throws EventExportFormatError when the text is not JSON, `format` is not "podium-event-export",
 *   `formatVersion` is not 1, or a field is missing or of the wrong kind (the message names the field).
 */
export function parseEventExport(text: string): EventExport {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new EventExportFormatError(`not valid JSON: ${(error as Error).message}`);
  }
  if (!isObject(data) || data.format !== EVENT_EXPORT_FORMAT) throw new EventExportFormatError(`not an event export: "format" must be "${EVENT_EXPORT_FORMAT}"`);
  if (data.formatVersion !== EVENT_EXPORT_FORMAT_VERSION) {
    throw new EventExportFormatError(`unsupported formatVersion ${JSON.stringify(data.formatVersion)}: this verifier reads version ${EVENT_EXPORT_FORMAT_VERSION}`);
  }
  checkFields(data.event, 'event', {
    id: STRING,
    name: STRING,
    game: [(v) => GAME_IDS.includes(v as never), `one of ${GAME_IDS.join(', ')}`],
    format: [(v) => EVENT_FORMATS.includes(v as never), EVENT_FORMATS.map((f) => `"${f}"`).join(' or ')],
    state: STRING,
    seedCommitment: STRING,
    seed: NULLABLE_STRING,
    keepHeroSlot: BOOLEAN,
    fillWithBots: BOOLEAN,
  });
  checkArray(data, 'pinnedPacks', (p, path) => checkFields(p, path, { packNumber: INT, setCode: STRING, dataVersion: STRING }));
  checkArray(data, 'setVersions', (v, path) => {
    const version = checkFields(v, path, { setCode: STRING, dataVersion: STRING, name: STRING, boosterLayout: [isObject, 'an object'] });
    checkArray(
      version,
      'cards',
      (c, cardPath) =>
        checkFields(c, cardPath, { cardId: STRING, number: INT, name: STRING, rarity: STRING, type: STRING, attributes: [isAnything, ''], printings: [Array.isArray, 'an array'] }),
      `${path}.`,
    );
  });
  if ((data.event as Record<string, unknown>).packSource !== undefined) {
    checkFields(data.event, 'event', { packSource: [(v) => v === 'generated' || v === 'physical', '"generated" or "physical"'] });
  }
  if ((data.event as Record<string, unknown>).teamSize !== undefined) checkFields(data.event, 'event', { teamSize: NULLABLE_INT });
  checkArray(data, 'players', (p, path) => {
    const player = checkFields(p, path, { playerId: STRING, number: INT, name: STRING });
    if (player.teamNumber !== undefined) checkFields(player, path, { teamNumber: NULLABLE_INT });
    if (player.firstRound !== undefined) checkFields(player, path, { firstRound: INT });
  });
  checkArray(data, 'pods', (p, path) => {
    const pod = checkFields(p, path, { number: INT });
    checkArray(pod, 'seats', (s, seatPath) => checkFields(s, seatPath, { seat: INT, playerId: NULLABLE_STRING }), `${path}.`);
  });
  checkArray(data, 'packs', (p, path) =>
    checkFields(p, path, {
      purpose: STRING,
      packNumber: INT,
      podNumber: NULLABLE_INT,
      seat: NULLABLE_INT,
      playerId: NULLABLE_STRING,
      cards: [isStringArray, 'an array of card ids'],
    }),
  );
  checkArray(data, 'picks', (p, path) => checkFields(p, path, { podNumber: INT, packNumber: INT, pickNumber: INT, seat: INT, cardId: STRING, source: STRING }));
  if ((data as Record<string, unknown>).seatSwaps !== undefined) checkArray(data, 'seatSwaps', (p, path) => checkFields(p, path, { playerA: STRING, playerB: STRING, at: STRING }));
  return data as unknown as EventExport;
}
