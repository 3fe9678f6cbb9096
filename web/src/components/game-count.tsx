/** Best of three: a side wins 0–2 games; up to 3 games can be drawn. */
const WINS = [0, 1, 2];
const DRAWS = [0, 1, 2, 3];

/**
 * A labelled select for a count of games in a match result (wins by default, or draws). With
 * `value` null it starts on "–" (nothing chosen), so a result is never sent by default.
 */
export function GameCount({ label, value, onChange, draws }: { label: string; value: number | null; onChange: (n: number) => void; draws?: boolean }) {
  return (
    <label>
      {label}
      <select value={value ?? ''} onChange={(e) => e.target.value !== '' && onChange(Number(e.target.value))}>
        {value === null && <option value="">–</option>}
        {(draws ? DRAWS : WINS).map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </label>
  );
}
