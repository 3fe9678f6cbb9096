/**
 * Names as pairings and standings show them: two entrants of one event may share a name (two
 * "Alex"), and a player must find their own line at a glance, so each entrant whose name another
 * entrant also has (compared NFC, ignoring case) is shown with their number in the event:
 * "Alex (#3)", "Alex (#7)". Unique names are shown as entered.
 * @param entrants players or teams with their 1-based number in the event.
 */
export function distinctNames<T extends { name: string; number: number }>(entrants: readonly T[]): T[] {
  const key = (name: string) => name.normalize('NFC').toLocaleLowerCase();
  const count = new Map<string, number>();
  for (const e of entrants) count.set(key(e.name), (count.get(key(e.name)) ?? 0) + 1);
  return entrants.map((e) => ((count.get(key(e.name)) ?? 0) > 1 ? { ...e, name: `${e.name} (#${e.number})` } : e));
}
