/**
 * The WoW TCG booster sets by code, with their English names as printed. Used to give OCTGN files
 * (which carry no code) their usual code, and to spell names the same whatever the source
 * ("Blood Of Gladiators", "ScourgeWar" and "March of the legion" appear in community data).
 */
export const WOW_SET_NAMES: Readonly<Record<string, string>> = {
  HOA: 'Heroes of Azeroth',
  TDP: 'Through the Dark Portal',
  FOO: 'Fires of Outland',
  MOL: 'March of the Legion',
  SOB: 'Servants of the Betrayer',
  HFI: 'Hunt for Illidan',
  DOW: 'Drums of War',
  BOG: 'Blood of Gladiators',
  FOH: 'Fields of Honor',
  SW: 'Scourgewar',
  WG: 'Wrathgate',
  ICC: 'Icecrown',
  WBR: 'Worldbreaker',
};

/**
 * Set codes other tools write for a set Podium knows under another code (community files code
 * Icecrown "ICE"; Podium, like the printed set symbol list, "ICC"). Keys and values upper-case.
 */
export const WOW_SET_CODE_ALIASES: Readonly<Record<string, string>> = {
  ICE: 'ICC',
};

/** Words left out of derived set codes ("Drums of War" → "DW" if it were unknown). */
const MINOR_WORDS = new Set(['a', 'an', 'and', 'at', 'by', 'for', 'in', 'of', 'on', 'the', 'to']);

function simplify(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** Known code of a WoW TCG set name (case- and spacing-insensitive), or null. */
export function knownWowSetCode(name: string): string | null {
  const wanted = simplify(name);
  const hit = Object.entries(WOW_SET_NAMES).find(([, known]) => simplify(known) === wanted);
  return hit ? hit[0] : null;
}

/**
 * Set code for a set name: the known code for the WoW TCG sets (WOW_SET_NAMES), else the upper-cased
 * initials of the significant words ("Onyxia's Lair Treasure" → "OLT"), letters and digits only.
 * @returns "" when the name has no letter or digit (the caller must then ask for a code).
 */
export function deriveSetCode(name: string): string {
  const known = knownWowSetCode(name);
  if (known) return known;
  const words = name.split(/[^\p{L}\p{N}']+/u).filter((w) => w.replace(/'/g, '') !== '');
  const significant = words.filter((w) => !MINOR_WORDS.has(w.toLowerCase()));
  const initials = (significant.length > 0 ? significant : words).map((w) => w.replace(/'/g, '').charAt(0));
  return initials
    .join('')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 16);
}
