/**
 * Fixed tables (docs/rules.md "Fixed tables"). MTR practice: a player who cannot move (a wheelchair,
 * a medical need) is given a fixed seat and their opponents come to them. Podium's rules:
 * - a match with a fixed player is numbered at that player's table; two fixed players paired
 *   together play at the lower of their two tables;
 * - the other matches take the remaining numbers in pairing order (1, 2, 3…, skipping the fixed
 *   ones); byes are numbered after the highest table in use: a bye takes no real table, so a fixed
 *   player with the bye reserves nothing;
 * - two players (two teams) may not be fixed to the same table: refused when it is set.
 * Pure: the service passes the pairings in table order and each side's fixed table.
 */
import { DomainError } from '../../common/errors/domain-error';

/** One match to number: its sides (playerB null: a bye). */
export interface TablePairing {
  playerA: string;
  playerB: string | null;
}

/** The fixed table a side's match keeps, or null: the lower of both sides' tables; none for a bye. */
export function fixedTableOf(p: TablePairing, fixed: ReadonlyMap<string, number>): number | null {
  if (p.playerB === null) return null;
  const tables = [fixed.get(p.playerA), fixed.get(p.playerB)].filter((t): t is number => t !== undefined);
  return tables.length === 0 ? null : Math.min(...tables);
}

/**
 * Table numbers for `pairings` (in their pairing order), keeping every fixed side at its table.
 * @param available the numbers to hand out (a swap renumbers only its two matches' tables); default
 *   1, 2, 3… as many as needed, skipping the fixed tables in use. A fixed table outside `available`
 *   is not kept (the swap's matches keep their own numbers).
 * @returns one table per pairing, in the same order; all different.
 */
export function numberTables(pairings: readonly TablePairing[], fixed: ReadonlyMap<string, number>, available?: readonly number[]): number[] {
  const wanted = pairings.map((p) => fixedTableOf(p, fixed));
  const tables: (number | null)[] = wanted.map(() => null);
  const used = new Set<number>();
  const pool = available ? new Set(available) : null;
  // Fixed matches first, in pairing order: two wanting one table (set before the rule refused it) — the first keeps it.
  wanted.forEach((t, i) => {
    if (t !== null && !used.has(t) && (pool === null || pool.has(t))) {
      tables[i] = t;
      used.add(t);
    }
  });
  const free = available ? [...available].sort((a, b) => a - b).filter((t) => !used.has(t)) : null;
  let next = 1;
  const take = (): number => {
    if (free) return free.shift()!;
    while (used.has(next)) next++;
    used.add(next);
    return next;
  };
  // Played matches, then byes, take the free numbers in order.
  pairings.forEach((p, i) => {
    if (tables[i] === null && p.playerB !== null) tables[i] = take();
  });
  // Byes after every table in use: a bye is not played at a table, so it never sits between them.
  if (!free) next = Math.max(0, ...used) + 1;
  pairings.forEach((p, i) => {
    if (tables[i] === null) tables[i] = take();
  });
  return tables as number[];
}

/**
 * Podium's rule: a table may be fixed for one side only.
 * @param others every other side's fixed table (side id → table).
 * @throws DomainError FIXED_TABLE_TAKEN (field fixedTable, rule unique) naming who has it.
 */
export function assertFixedTableFree(table: number | null, others: ReadonlyMap<string, number>, names: ReadonlyMap<string, string> = new Map()): void {
  if (table === null) return;
  for (const [id, t] of others) {
    if (t === table) {
      throw new DomainError('FIXED_TABLE_TAKEN', `Table ${table} is already fixed for ${names.get(id) ?? id}`, [
        { field: 'fixedTable', rule: 'unique', message: `table ${table} is fixed for ${names.get(id) ?? id}`, playerId: id },
      ]);
    }
  }
}
