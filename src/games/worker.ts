/**
 * A turn-queue worker: resolves due turns as soon as it is woken (LISTEN/NOTIFY
 * when the last orders arrive) or at its next poll (deadlines, and anything a
 * lost notification left behind). Several workers — in one process or many —
 * share one database safely: each claim skips turns another worker holds.
 */
import type { Database } from '../db/client.ts';
import { TURN_DUE_CHANNEL, type GamesContext } from './context.ts';
import { resolveNextDueTurn, sendDueReminders } from './resolution.ts';

export interface WorkerOptions {
  /** How often to look for due turns when nothing wakes the worker. */
  readonly pollMs: number;
  /** Called after each turn is resolved. */
  readonly onResolved?: (r: { gameId: string; turn: number; gameOver: boolean }) => void;
}

export class TurnWorker {
  #running = false;
  #wake: (() => void) | null = null;
  #pending = false;
  #loop: Promise<void> | null = null;
  #unlisten: (() => Promise<void>) | null = null;

  constructor(
    private readonly ctx: GamesContext,
    private readonly database: Pick<Database, 'listen'>,
    private readonly options: WorkerOptions,
  ) {}

  async start(): Promise<void> {
    if (this.#running) return;
    this.#running = true;
    this.#unlisten = await this.database.listen(TURN_DUE_CHANNEL, () => this.wake());
    this.#loop = this.#run();
  }

  /** Looks for work now instead of at the next poll. */
  wake(): void {
    this.#pending = true;
    this.#wake?.();
  }

  async stop(): Promise<void> {
    this.#running = false;
    this.#wake?.();
    await this.#unlisten?.();
    await this.#loop;
  }

  /** Resolves every turn that is due now; returns how many. */
  async drain(): Promise<number> {
    let n = 0;
    for (;;) {
      const r = await resolveNextDueTurn(this.ctx);
      if (!r) return n;
      n += 1;
      this.options.onResolved?.(r);
    }
  }

  async #run(): Promise<void> {
    while (this.#running) {
      this.#pending = false;
      try {
        await this.drain();
        await sendDueReminders(this.ctx);
      } catch (error) {
        this.ctx.logger?.error({ err: error }, 'turn worker: a pass failed; retrying at the next poll');
      }
      if (!this.#running || this.#pending) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.options.pollMs);
        this.#wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.#wake = null;
    }
  }
}
