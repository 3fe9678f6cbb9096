/**
 * What a card tile shows besides the name, read from the catalog's attributes (WoW TCG or Berserk
 * shape): cost, combat stats, the traits a deck rule looks at (WoW faction / class / talent,
 * Berserk element) and keywords. Only what the data has: absent values are left out.
 */
export interface CardFacts {
  cost: number | null;
  stats: string | null;
  /** WoW TCG armor's defense (shown in words by the tile: no glyph for it renders everywhere). */
  defense: number | null;
  traits: string[];
  keywords: string[];
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);
const list = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x !== '') : []);

export function cardFacts(attributes: Record<string, unknown> | undefined | null): CardFacts {
  const a = attributes ?? {};
  const cost = num(a.cost);
  if (a.game === 'berserk') {
    const strike = a.strike as { light?: number; normal?: number; heavy?: number } | undefined;
    const parts = [
      num(a.health) !== null ? `♥${a.health}` : null,
      num(a.move) !== null ? `⇢${a.move}` : null,
      strike ? `${strike.light ?? '–'}-${strike.normal ?? '–'}-${strike.heavy ?? '–'}` : null,
    ].filter(Boolean);
    // A flag may also be listed among the features (the data carries `flying` both ways): once each.
    const keywords = [
      ...new Set([...(a.elite ? ['elite'] : []), ...(a.horde ? ['horde'] : []), ...(a.flying ? ['flying'] : []), ...(a.unique ? ['unique'] : []), ...list(a.features)]),
    ];
    return { cost, stats: parts.length ? parts.join(' ') : null, defense: null, traits: [str(a.element)].filter((x): x is string => x !== null), keywords };
  }
  const attack = num(a.attack);
  const health = num(a.health);
  const defense = num(a.defense);
  const stats = attack !== null || health !== null ? `${attack ?? '–'}/${health ?? '–'}` : null;
  const traits = [str(a.faction), str(a.heroClass), ...list(a.classes), str(a.heroTalent), str(a.talent), str(a.race)].filter((x): x is string => x !== null);
  const keywords = [...(a.unique ? ['unique'] : []), ...list(a.subtypes), ...(num(a.strikeCost) !== null ? [`strike ${a.strikeCost}`] : [])];
  return { cost, stats, defense: stats === null ? defense : null, traits: [...new Set(traits)], keywords };
}

/** A labelled stat of the card view: `key` names the i18n label (`cardView.stat.<key>`, per game). */
export interface CardStat {
  key: 'cost' | 'attack' | 'health' | 'defense' | 'strikeCost' | 'move' | 'strike';
  value: string;
}

/**
 * Every stat a card's attributes hold, labelled, in the order printed on the card (WoW TCG: cost,
 * ATK, health, DEF, strike cost; Berserk: cost, health, move, strike weak–normal–strong). Absent
 * values are left out; nothing is guessed.
 */
export function cardStats(attributes: Record<string, unknown> | undefined | null): CardStat[] {
  const a = attributes ?? {};
  const stats: CardStat[] = [];
  const add = (key: CardStat['key'], v: unknown) => {
    if (typeof v === 'number') stats.push({ key, value: String(v) });
  };
  add('cost', a.cost);
  if (a.game === 'berserk') {
    add('health', a.health);
    add('move', a.move);
    const strike = a.strike as { light?: number; normal?: number; heavy?: number } | undefined;
    if (strike && typeof strike === 'object') stats.push({ key: 'strike', value: `${strike.light ?? '–'}-${strike.normal ?? '–'}-${strike.heavy ?? '–'}` });
    return stats;
  }
  add('attack', a.attack);
  add('health', a.health);
  add('defense', a.defense);
  add('strikeCost', a.strikeCost);
  return stats;
}

/** A card id's set and collector number (`HOA-218` → HOA, 218; a set code may hold dashes). */
export function printingOf(cardId: string): { setCode: string; number: string } | null {
  const m = /^(.+)-([^-]+)$/.exec(cardId);
  return m ? { setCode: m[1], number: m[2] } : null;
}
