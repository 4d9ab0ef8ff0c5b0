/**
 * A turn-queue worker: resolves due turns as soon as it is woken (LISTEN/NOTIFY
 * when the last orders arrive) or at its next poll (deadlines, and anything a
 * lost notification left behind). Several workers — in one process or many —
 * share one database safely: each claim skips turns another worker holds.
 */
import type { Database } from '../../db/client.ts';
import { isDatabaseUnavailable, retryWhileUnavailable } from '../../db/errors.ts';
import { TURN_DUE_CHANNEL, type GamesContext } from '../context.ts';
import { createWokenPoller, type WokenPoller } from '../../lib/poller.ts';
import { resolveDueTurns, sendDueReminders, TURN_BATCH } from './resolution.ts';
import { HOUR } from '../clock.ts';
import { pruneLoginTokens } from '../logins/logins.ts';
import { pruneSessions } from '../logins/sessions.ts';

/** Resolves after the event loop has handled what is waiting (I/O, timers, signals). */
const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** The longest wait after failed passes in a row, unless the poll is longer. */
const MAX_BACKOFF_MS = 60_000;
/**
 * A claim that failed because the database was out of reach is tried again
 * after these waits before the pass gives up: it is always safe, since a
 * resolution either committed (its turn is no longer due) or wrote nothing.
 */
const CLAIM_RETRY_MS = [250, 1_000, 2_000];

export interface WorkerOptions {
  /** How often to look for due turns when nothing wakes the worker. */
  readonly pollMs: number;
  /** How many due turns one transaction claims at most (TURN_BATCH unless given). */
  readonly batch?: number;
  /** Called once for each resolution transaction committed, with the turns it resolved (a batch). */
  readonly onBatch?: (resolved: readonly { gameId: string; turn: number; gameOver: boolean }[]) => void;
  /** Called after each turn is resolved. */
  readonly onResolved?: (r: { gameId: string; turn: number; gameOver: boolean }) => void;
}

export class TurnWorker {
  readonly #poller: WokenPoller;
  /** When this worker last removed expired login links and sessions (ms on the games clock). */
  #tidiedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly ctx: GamesContext,
    private readonly database: Pick<Database, 'listen'>,
    private readonly options: WorkerOptions,
  ) {
    this.#poller = createWokenPoller({
      listen: (channel, onNotify) => this.database.listen(channel, onNotify),
      channel: TURN_DUE_CHANNEL,
      pass: async (stopping) => {
        await this.drain(stopping);
        if (!stopping.aborted) await sendDueReminders(this.ctx);
        if (!stopping.aborted) await this.tidy();
      },
      intervalMs: options.pollMs,
      // A failing pass (the database away) is tried again after pollMs, then less and less often.
      backoff: { initialMs: options.pollMs, maxMs: Math.max(options.pollMs, MAX_BACKOFF_MS) },
      onError: (error, failures, retryInMs) =>
        this.ctx.logger?.error({ err: error, failures, retryInMs }, 'turn worker: a pass failed; retrying'),
    });
  }

  async start(): Promise<void> {
    await this.#poller.start();
  }

  /**
   * Removes expired login links and sessions, at most once an hour: every mail to a seat carries a link of its own,
   * so they would pile up if only a new login request cleared them.
   */
  async tidy(): Promise<void> {
    const now = this.ctx.clock.now().getTime();
    if (now - this.#tidiedAt < HOUR) return;
    this.#tidiedAt = now;
    await pruneLoginTokens(this.ctx);
    await pruneSessions(this.ctx);
  }

  /** Looks for work now instead of at the next poll. */
  wake(): void {
    this.#poller.wake();
  }

  /**
   * Stops listening and polling: resolves once the pass in progress has
   * finished, or when `deadlineMs` has passed first (its turn's transaction
   * then ends with the database connection, and the turn stays due).
   */
  async stop(deadlineMs?: number): Promise<void> {
    if (!(await this.#poller.stop(deadlineMs)))
      this.ctx.logger?.warn({ deadlineMs }, 'turn worker: stopped before its pass finished');
  }

  /**
   * Resolves every turn that is due now, a batch of them a transaction; returns how many. Once `stopping` aborts it
   * claims no further turn. A batch that fails is tried again one turn a transaction for the rest of the pass, so that
   * a turn that cannot be resolved does not take the turns that fell due before it down with it.
   */
  async drain(stopping?: AbortSignal): Promise<number> {
    let n = 0;
    let batch = this.options.batch ?? TURN_BATCH;
    for (;;) {
      // Lets the event loop in between batches: PGlite runs in this thread, and a backlog worked off in one chain of
      // promises would keep out requests and signals (a SIGTERM) until its end.
      await yieldToEventLoop();
      if (stopping?.aborted) return n;
      let resolved;
      try {
        resolved = await retryWhileUnavailable(() => resolveDueTurns(this.ctx, batch, stopping ? { stopping } : {}), {
          delaysMs: CLAIM_RETRY_MS,
          ...(stopping ? { signal: stopping } : {}),
          onRetry: (error, attempt) =>
            this.ctx.logger?.warn(
              { err: error, attempt },
              'turn worker: the database was out of reach; claiming again',
            ),
        });
      } catch (error) {
        if (batch === 1 || isDatabaseUnavailable(error)) throw error;
        this.ctx.logger?.warn({ err: error, batch }, 'turn worker: a batch failed; resolving one turn at a time');
        batch = 1;
        continue;
      }
      if (resolved.length === 0) return n;
      n += resolved.length;
      this.options.onBatch?.(resolved);
      for (const r of resolved) this.options.onResolved?.(r);
    }
  }
}
