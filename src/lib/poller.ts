/**
 * A polling loop: runs a pass at once, then again `intervalMs` after each
 * pass ends, or at once when woken (a notification that work may be waiting).
 * A pass that throws is tried again after a backoff that doubles with every
 * failure in a row, up to a cap, and starts over after a pass that succeeds.
 * Stopping starts no new pass, tells the one in progress (its signal aborts)
 * so that it takes on no new work, and waits for it, up to a deadline.
 *
 * The turn worker, the outbox sender and the IMAP watcher's reconnect loop all
 * run on it. Time comes from an injected `sleep`, so tests drive the loop
 * without real timers.
 */

/** Waits `ms` milliseconds (for ever if not finite), or less if `signal` aborts first; never rejects. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** The real clock's sleep. */
export const timerSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) {
      resolve();
      return;
    }
    const timer = Number.isFinite(ms) ? setTimeout(done, Math.max(0, ms)) : undefined;
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });

export interface Backoff {
  /** The wait after the first failure in a row. */
  readonly initialMs: number;
  /** The longest wait, however many failures in a row. */
  readonly maxMs: number;
}

/** The wait after the `failures`-th failure in a row (1, 2, …): initialMs, doubled each time, at most maxMs. */
export function backoffDelay(backoff: Backoff, failures: number): number {
  return Math.min(backoff.maxMs, backoff.initialMs * 2 ** Math.max(0, failures - 1));
}

export interface PollerOptions {
  /**
   * One pass; a rejection counts as a failure. `stopping` aborts when stop()
   * is called: a pass made of many pieces of work starts no new one then.
   */
  readonly pass: (stopping: AbortSignal) => Promise<void>;
  /** The wait after a pass that succeeded; Infinity: only a wake starts the next one. */
  readonly intervalMs: number;
  /** The waits after failed passes; default intervalMs every time. */
  readonly backoff?: Backoff;
  /** Told of each failed pass, with the failures in a row so far and the wait before the next try. */
  readonly onError?: (error: unknown, failures: number, retryInMs: number) => void;
  /** Default: the real clock's. */
  readonly sleep?: Sleep;
}

export interface Poller {
  /** Runs the first pass now and keeps polling until stopped. A second start, or a start after stop, does nothing. */
  start(): void;
  /** The next pass starts now: at once if the loop is waiting, right after the pass in progress otherwise. */
  wake(): void;
  /**
   * Starts no new pass, and resolves when the pass in progress has finished
   * (true) or `deadlineMs` has passed first (false). Never call it from a pass
   * and wait for it there: the pass would wait for itself.
   */
  stop(deadlineMs?: number): Promise<boolean>;
  /** Whether the loop runs: started and not yet told to stop. */
  readonly running: boolean;
}

export function createPoller(options: PollerOptions): Poller {
  const sleep = options.sleep ?? timerSleep;
  const backoff = options.backoff ?? { initialMs: options.intervalMs, maxMs: options.intervalMs };
  let started = false;
  let stopping = false;
  let woken = false;
  let waiting: AbortController | null = null;
  let loop: Promise<void> | null = null;
  const stopSignal = new AbortController();

  async function run(): Promise<void> {
    let failures = 0;
    while (!stopping) {
      woken = false;
      let wait = options.intervalMs;
      try {
        await options.pass(stopSignal.signal);
        failures = 0;
      } catch (error) {
        failures += 1;
        wait = backoffDelay(backoff, failures);
        try {
          options.onError?.(error, failures, wait);
        } catch {
          // A failing report of a failure must not end the loop.
        }
      }
      if (stopping) break;
      if (woken) continue;
      const controller = new AbortController();
      waiting = controller;
      await sleep(wait, controller.signal);
      waiting = null;
    }
  }

  return {
    get running() {
      return started && !stopping;
    },
    start() {
      if (started || stopping) return;
      started = true;
      loop = run();
    },
    wake() {
      woken = true;
      waiting?.abort();
    },
    async stop(deadlineMs = Infinity) {
      stopping = true;
      stopSignal.abort();
      waiting?.abort();
      if (!loop) return true;
      if (!Number.isFinite(deadlineMs)) {
        await loop;
        return true;
      }
      const deadline = new AbortController();
      const finished = loop.then(() => true);
      const late = sleep(deadlineMs, deadline.signal).then(() => false);
      const result = await Promise.race([finished, late]);
      deadline.abort();
      return result;
    },
  };
}

/** Subscribes to a notification channel; resolves to what unsubscribes (a database's LISTEN, say). */
export type Listen = (channel: string, onNotify: () => void) => Promise<() => Promise<void>>;

export interface WokenPollerOptions extends PollerOptions {
  /** Where wake-ups come from; null: polling only. */
  readonly listen: Listen | null;
  readonly channel: string;
}

/** A poller that a notification channel wakes: the turn worker's and the outbox sender's loop. */
export interface WokenPoller {
  /** Subscribes to the channel, then runs the first pass and keeps polling. A second start does nothing. */
  start(): Promise<void>;
  /** The next pass starts now. */
  wake(): void;
  /** Stops polling and unsubscribes; true when the pass in progress finished within `deadlineMs`. */
  stop(deadlineMs?: number): Promise<boolean>;
}

export function createWokenPoller(options: WokenPollerOptions): WokenPoller {
  const poller = createPoller(options);
  let started = false;
  let unlisten: (() => Promise<void>) | null = null;
  return {
    async start() {
      if (started) return;
      started = true;
      unlisten = (await options.listen?.(options.channel, () => poller.wake())) ?? null;
      poller.start();
    },
    wake: () => poller.wake(),
    async stop(deadlineMs) {
      const stopped = poller.stop(deadlineMs);
      await unlisten?.();
      unlisten = null;
      return stopped;
    },
  };
}
