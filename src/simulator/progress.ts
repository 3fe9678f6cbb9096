/** How the simulator reports progress: the CLI draws a bar on stderr, tests stay silent. */
export interface Progress {
  /** A new phase with `total` steps (0 = unknown). */
  phase(name: string, total: number): void;
  /** The current phase turns out to have `total` steps. */
  resize(total: number): void;
  /** `by` steps of the current phase are done. */
  advance(by?: number): void;
  /** A notable event, one line. */
  note(line: string): void;
  /** Every phase is over. */
  stop(): void;
}

/** Reports nothing. */
export const SILENT: Progress = { phase: () => undefined, resize: () => undefined, advance: () => undefined, note: () => undefined, stop: () => undefined };
