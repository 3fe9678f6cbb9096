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
