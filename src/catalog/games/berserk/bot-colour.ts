/**
 * The draft bot's colour of a Berserk card (draft/rules/bot-pick.ts): its element. Steppes, forests,
 * mountains, swamps and darkness are colours; neutral fits any deck; anything else is unknown.
 */
const COLOURS = new Set(['steppes', 'forests', 'mountains', 'swamps', 'darkness']);

export function berserkBotColour(attributes: Readonly<Record<string, unknown>>): string | null {
  const element = attributes.element;
  if (typeof element !== 'string') return null;
  if (COLOURS.has(element)) return `berserk:${element}`;
  if (element === 'neutral') return 'any';
  return null;
}
