/** How the adjudicator commands end (docs/adjudicator.md): an exit code, and what to print. */
export const EXIT = { resolved: 0, invalid: 2, diceRanOut: 3 } as const;

export interface Outcome {
  readonly exitCode: number;
  /** JSON document for standard output (absent when nothing is printed there). */
  readonly stdout?: unknown;
  /** Message for standard error. */
  readonly stderr?: string;
}
