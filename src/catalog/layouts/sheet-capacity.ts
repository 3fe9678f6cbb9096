/**
 * Can every pack be filled without duplicates, whatever the earlier draws were? Checked when a
 * layout is saved, so that a sheet too small is a clear error then, never a hang or a short pack
 * later (the generator relies on this guarantee).
 */
import type { ErrorDetail } from '../../common/errors/domain-error';
import type { CompiledSheet, CompiledVariant } from './compiled-layout';
import { sheetPath } from './layout-structure';

interface Need {
  variant: number;
  own: number;
  shared: number;
  from: string[];
}

/** |T ∩ S| for every pair of sheets, as overlap[t][s]. */
function overlaps(sheets: readonly CompiledSheet[], cardCount: number): number[][] {
  const mark = new Uint8Array(cardCount);
  return sheets.map((t) => {
    mark.fill(0);
    for (const c of t.cards) mark[c] = 1;
    return sheets.map((s) => {
      let n = 0;
      for (const c of s.cards) n += mark[c];
      return n;
    });
  });
}

/**
 * Worst case, per variant, of the distinct cards each no-duplicate sheet S must supply:
 * its own draws, plus for every other sheet T at most min(draws of T before S's last draw, |T ∩ S|)
 * cards of S that T may already have put in the pack (T with allowDuplicates counts too: its cards
 * are in the pack all the same). When that never exceeds |S|, every draw of S finds an unused card,
 * whatever came before; this also implies the variant's sheets together hold enough distinct cards
 * for the pack. It can refuse an exotic layout of overlapping sheets that luck would usually fill:
 * such a layout must be fixed anyway, since some seed would leave its pack short.
 *
 * @param sheets compiled sheets (non-empty ones are checked; empty ones are reported elsewhere).
 * @param variants compiled variants, whose draws index `sheets`.
 * @param cardCount size of the card index space (CompiledLayout.cardIds.length).
 * @returns one `sheetTooSmall` detail per sheet that some variant can exhaust, naming the sheet
 *   (field `sheets.<name>`) and the worst variant.
 */
export function checkSheetCapacity(sheets: readonly CompiledSheet[], variants: readonly CompiledVariant[], cardCount: number): ErrorDetail[] {
  const overlap = overlaps(sheets, cardCount);
  const worst = new Map<number, Need>();
  variants.forEach((variant, v) => {
    const { draws } = variant;
    sheets.forEach((sheet, s) => {
      if (sheet.allowDuplicates || sheet.cards.length === 0) return;
      const last = draws.lastIndexOf(s);
      if (last < 0) return;
      const before = new Array<number>(sheets.length).fill(0);
      let own = 0;
      for (let k = 0; k <= last; k++) {
        if (draws[k] === s) own++;
        else if (k < last) before[draws[k]]++;
      }
      let shared = 0;
      const from: string[] = [];
      before.forEach((n, t) => {
        const taken = Math.min(n, overlap[t][s]);
        if (taken > 0) {
          shared += taken;
          from.push(sheets[t].name);
        }
      });
      const known = worst.get(s);
      if (!known || own + shared > known.own + known.shared) worst.set(s, { variant: v, own, shared, from });
    });
  });

  const details: ErrorDetail[] = [];
  for (const [s, need] of [...worst.entries()].sort((a, b) => a[0] - b[0])) {
    const sheet = sheets[s];
    const size = sheet.cards.length;
    if (need.own + need.shared <= size) continue;
    const where = `variants[${need.variant}]`;
    const message =
      need.shared === 0
        ? `sheet "${sheet.name}" has ${size} card(s) but ${where} draws ${need.own} from it without duplicates`
        : `sheet "${sheet.name}" has ${size} card(s) but ${where} may need ${need.own + need.shared} distinct ones: ` +
          `${need.own} draw(s) of its own plus up to ${need.shared} of its cards already taken by earlier slots of ` +
          `sheet(s) ${need.from.map((n) => `"${n}"`).join(', ')}`;
    details.push({ field: sheetPath(sheet.name), rule: 'sheetTooSmall', message });
  }
  return details;
}
