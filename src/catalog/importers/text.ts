/** Small text clean-ups for community data files. */

/** Removes stray HTML tags the community data carries (e.g. subtype "Form</i>") and trims. */
export function stripTags(value: string): string {
  return value.replace(/<\/?[a-zA-Z][^>]*>/g, '').trim();
}

/**
 * Capitalizes the first letter of every space-separated word and keeps the rest as is, so talents
 * and races compare equal across rows ("restoration" → "Restoration", "Beast mastery" → "Beast Mastery").
 */
export function capitalizeWords(value: string): string {
  return value
    .split(/\s+/)
    .filter((w) => w !== '')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/** Longest rendering of a file's value inside an error message. */
const PREVIEW_LENGTH = 60;

/**
 * A value of the file as JSON for an error message, cut to PREVIEW_LENGTH characters ("…"), so a
 * 100,000-character field does not make a 5 MB error response.
 */
export function preview(value: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    text = undefined;
  }
  if (text === undefined) return Array.isArray(value) ? 'a list' : typeof value;
  return text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH - 1)}…` : text;
}

/** A card's name as a label in error details (`card`), cut to 80 characters ("…"). */
export function shortLabel(name: string): string {
  return name.length > 80 ? `${name.slice(0, 79)}…` : name;
}
