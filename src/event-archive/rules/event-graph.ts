/** A foreign key as the database declares it: `table(columns)` references `references(referencedColumns)`. */
export interface ForeignKey {
  table: string;
  columns: string[];
  references: string;
  referencedColumns: string[];
}

/** Which tables an event archive holds, from the foreign keys alone. */
export interface EventGraph {
  root: string;
  /** The event's own tables, parents before children, the root first: every table that references an owned table. */
  owned: string[];
  /** Per owned table (the root aside), the foreign keys to owned parents through which its rows belong to the event. */
  ownership: Record<string, ForeignKey[]>;
  /**
   * Tables outside the event that its rows point at (player profiles, leagues), parents first; the
   * archive carries the rows pointed at, the import matches or creates them.
   */
  referenced: string[];
  /** Per referenced table, the foreign keys pointing at it from owned or referenced tables. */
  references: Record<string, ForeignKey[]>;
}

/**
 * Rule: an event owns every table that references it or references a table it owns (its players,
 * pods, seats, packs, picks, decks, rounds, matches…), found from the schema's foreign keys, so a
 * new table that hangs off an event is in its archive without a line of mapping. Tables those rows
 * point at without being owned (profiles, leagues, and their own parents) are referenced.
 * Self-references do not order tables.
 * @throws Error when owned tables reference each other in a cycle (no order to insert them in).
 */
export function eventGraph(root: string, keys: readonly ForeignKey[]): EventGraph {
  const owned = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const k of keys) {
      if (owned.has(k.references) && !owned.has(k.table)) {
        owned.add(k.table);
        grew = true;
      }
    }
  }
  const ownership: Record<string, ForeignKey[]> = {};
  for (const t of owned) if (t !== root) ownership[t] = keys.filter((k) => k.table === t && owned.has(k.references));

  const referenced = new Set<string>();
  for (let grew = true; grew;) {
    grew = false;
    for (const k of keys) {
      if ((owned.has(k.table) || referenced.has(k.table)) && !owned.has(k.references) && !referenced.has(k.references)) {
        referenced.add(k.references);
        grew = true;
      }
    }
  }
  const references: Record<string, ForeignKey[]> = {};
  for (const t of referenced) references[t] = keys.filter((k) => k.references === t && (owned.has(k.table) || referenced.has(k.table)));

  return {
    root,
    owned: parentsFirst([...owned], keys, 'event-owned'),
    ownership,
    referenced: parentsFirst([...referenced], keys, 'referenced'),
    references,
  };
}

/** Kahn's order of `tables` by the keys among them, parents first; ties by name (stable archives). */
function parentsFirst(tables: string[], keys: readonly ForeignKey[], what: string): string[] {
  const inSet = new Set(tables);
  const parents = new Map(tables.map((t) => [t, new Set(keys.filter((k) => k.table === t && k.references !== t && inSet.has(k.references)).map((k) => k.references))]));
  const order: string[] = [];
  while (parents.size > 0) {
    const ready = [...parents].filter(([, p]) => p.size === 0).map(([t]) => t);
    if (ready.length === 0) throw new Error(`${what} tables reference each other in a cycle: ${[...parents.keys()].sort().join(', ')}`);
    for (const t of ready.sort()) {
      order.push(t);
      parents.delete(t);
      for (const p of parents.values()) p.delete(t);
    }
  }
  return order;
}
