/**
 * The draft bot's colour of a WoW TCG card (draft/rules/bot-pick.ts): its faction. Alliance and
 * Horde are colours; Neutral and Both fit any deck; any other faction (Scourge, a value kept by a
 * lenient import) or none is unknown and counts for nothing.
 */
const COLOURS = new Set(['Alliance', 'Horde']);
const FITS_ANY = new Set(['Neutral', 'Both']);

export function wowBotColour(attributes: Readonly<Record<string, unknown>>): string | null {
  const faction = attributes.faction;
  if (typeof faction !== 'string') return null;
  if (COLOURS.has(faction)) return `wow:${faction}`;
  if (FITS_ANY.has(faction)) return 'any';
  return null;
}
