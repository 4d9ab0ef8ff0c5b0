/**
 * The polling loop the turn worker, the outbox sender and the IMAP watcher
 * run on (src/lib/poller.ts), driven by a fake sleep: time passes only when
 * the test says so. service.md "Turn queue": "a worker polls, and is woken at
 * once by a notification"; the outbox "retries with exponential backoff".
 */
import { describe, expect, it } from 'vitest';
import { backoffDelay, createPoller, createWokenPoller, timerSleep, type Sleep } from '../../src/lib/poller.ts';

/** A sleep whose time passes only by `advance`; `waits` lists every sleep asked for, in order. */
function fakeTime() {
  let now = 0;
  const sleepers: Array<{ until: number; wake: () => void }> = [];
  const waits: number[] = [];
  const sleep: Sleep = (ms, signal) =>
    new Promise<void>((resolve) => {
      waits.push(ms);
      if (signal?.aborted) return resolve();
      const entry = { until: now + ms, wake: () => resolve() };
      sleepers.push(entry);
      signal?.addEventListener('abort', () => {
        sleepers.splice(sleepers.indexOf(entry), 1);
        resolve();
      });
    });
  return {
    sleep,
    waits,
    /** Sleepers not yet woken. */
    pending: () => sleepers.length,
    async advance(ms: number) {
      await settle();
      now += ms;
      for (const s of sleepers.filter((x) => x.until <= now)) {
        sleepers.splice(sleepers.indexOf(s), 1);
        s.wake();
      }
      await settle();
    },
  };
}

/** Lets every promise callback that is ready run. */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

/** A pass the test finishes by hand. */
function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('createPoller', () => {
  it('runs a pass at once, then one every interval after the last ended', async () => {
    const time = fakeTime();
    let passes = 0;
    const poller = createPoller({ pass: async () => void (passes += 1), intervalMs: 1_000, sleep: time.sleep });
    poller.start();
    await settle();
    expect(passes).toBe(1);
    await time.advance(999);
    expect(passes).toBe(1);
    await time.advance(1);
    expect(passes).toBe(2);
    await time.advance(1_000);
    expect(passes).toBe(3);
    expect(time.waits).toEqual([1_000, 1_000, 1_000]);
    expect(await poller.stop()).toBe(true);
  });

  it('a wake runs the next pass now; a wake during a pass runs another right after it', async () => {
    const time = fakeTime();
    let passes = 0;
    let hold = gate();
    const poller = createPoller({
      pass: async () => {
        passes += 1;
        await hold.opened;
      },
      intervalMs: 60_000,
      sleep: time.sleep,
    });
    poller.start();
    await settle();
    expect(passes).toBe(1);
    poller.wake();
    const first = hold;
    hold = gate();
    first.open();
    await settle();
    expect(passes).toBe(2);
    expect(time.waits).toEqual([]);
    hold.open();
    await settle();
    expect(time.pending()).toBe(1);
    poller.wake();
    await settle();
    expect(passes).toBe(3);
    await poller.stop();
  });

  it('backs off after failures in a row (doubling, capped), and starts over after a success', async () => {
    const time = fakeTime();
    const results = [false, false, false, false, true, false];
    const reported: Array<[number, number]> = [];
    const poller = createPoller({
      pass: async () => {
        if (!results.shift()) throw new Error('down');
      },
      intervalMs: 5_000,
      backoff: { initialMs: 100, maxMs: 500 },
      onError: (_error, failures, retryInMs) => reported.push([failures, retryInMs]),
      sleep: time.sleep,
    });
    poller.start();
    for (let i = 0; i < 5; i++) await time.advance(1_000);
    expect(time.waits).toEqual([100, 200, 400, 500, 5_000]);
    await time.advance(5_000);
    expect(time.waits.at(-1)).toBe(100);
    expect(reported).toEqual([
      [1, 100],
      [2, 200],
      [3, 400],
      [4, 500],
      [1, 100],
    ]);
    await poller.stop();
  });

  it('without a backoff, a failed pass is tried again at the next interval', async () => {
    const time = fakeTime();
    const poller = createPoller({ pass: () => Promise.reject(new Error('x')), intervalMs: 250, sleep: time.sleep });
    poller.start();
    await time.advance(250);
    await time.advance(250);
    expect(time.waits).toEqual([250, 250, 250]);
    await poller.stop();
  });

  it('a failure to report a failure does not end the loop', async () => {
    const time = fakeTime();
    let passes = 0;
    const poller = createPoller({
      pass: async () => {
        passes += 1;
        throw new Error('pass');
      },
      intervalMs: 10,
      onError: () => {
        throw new Error('report');
      },
      sleep: time.sleep,
    });
    poller.start();
    await time.advance(10);
    expect(passes).toBe(2);
    await poller.stop();
  });

  it('stop while waiting: resolves at once, and no pass starts again', async () => {
    const time = fakeTime();
    let passes = 0;
    const poller = createPoller({ pass: async () => void (passes += 1), intervalMs: 1_000, sleep: time.sleep });
    poller.start();
    await settle();
    expect(poller.running).toBe(true);
    expect(await poller.stop()).toBe(true);
    expect(poller.running).toBe(false);
    poller.wake();
    poller.start();
    await time.advance(10_000);
    expect(passes).toBe(1);
  });

  it('stop during a pass waits for it to finish, then starts no new one, even if woken meanwhile', async () => {
    const time = fakeTime();
    let passes = 0;
    const hold = gate();
    const poller = createPoller({
      pass: async () => {
        passes += 1;
        await hold.opened;
      },
      intervalMs: 1_000,
      sleep: time.sleep,
    });
    poller.start();
    await settle();
    let stopped: boolean | null = null;
    void poller.stop(5_000).then((r) => (stopped = r));
    poller.wake();
    await time.advance(4_999);
    expect(stopped).toBeNull();
    hold.open();
    await settle();
    expect(stopped).toBe(true);
    expect(passes).toBe(1);
    expect(time.pending()).toBe(0);
  });

  it('stop tells the pass in progress through its signal, so a pass of many pieces takes on no new one', async () => {
    const time = fakeTime();
    const hold = gate();
    const done: number[] = [];
    const poller = createPoller({
      pass: async (stopping) => {
        for (let piece = 1; piece <= 100 && !stopping.aborted; piece++) {
          if (piece === 2) await hold.opened;
          done.push(piece);
        }
      },
      intervalMs: 1_000,
      sleep: time.sleep,
    });
    poller.start();
    await settle();
    expect(done).toEqual([1]);
    const stopped = poller.stop(5_000);
    hold.open();
    expect(await stopped).toBe(true);
    expect(done).toEqual([1, 2]);
  });

  it('stop with a deadline: gives up waiting for a pass that does not finish in time', async () => {
    const time = fakeTime();
    const hold = gate();
    let passes = 0;
    const poller = createPoller({
      pass: async () => {
        passes += 1;
        await hold.opened;
      },
      intervalMs: 1_000,
      sleep: time.sleep,
    });
    poller.start();
    await settle();
    let stopped: boolean | null = null;
    void poller.stop(5_000).then((r) => (stopped = r));
    await time.advance(5_000);
    expect(stopped).toBe(false);
    // The pass that outlived the deadline still ends, and nothing follows it.
    hold.open();
    await time.advance(10_000);
    expect(passes).toBe(1);
  });

  it('stop before start resolves at once', async () => {
    const poller = createPoller({ pass: async () => undefined, intervalMs: 1_000, sleep: fakeTime().sleep });
    expect(await poller.stop(0)).toBe(true);
  });
});

describe('backoffDelay', () => {
  it('doubles from the first wait up to the cap', () => {
    const b = { initialMs: 1_000, maxMs: 300_000 };
    expect([1, 2, 3, 4, 9, 10, 50].map((n) => backoffDelay(b, n))).toEqual([
      1_000, 2_000, 4_000, 8_000, 256_000, 300_000, 300_000,
    ]);
  });
});

describe('timerSleep', () => {
  it('an aborted signal ends the wait, even an endless one', async () => {
    const controller = new AbortController();
    const waiting = timerSleep(Infinity, controller.signal);
    controller.abort();
    await waiting;
    await timerSleep(60_000, controller.signal);
  });
});

describe('createWokenPoller', () => {
  it('subscribes once before its first pass, a notification starts a pass at once, and stop unsubscribes', async () => {
    const time = fakeTime();
    const subscribed: string[] = [];
    let notify: () => void = () => undefined;
    let unsubscribed = 0;
    let passes = 0;
    const poller = createWokenPoller({
      listen: async (channel, onNotify) => {
        subscribed.push(channel);
        notify = onNotify;
        return async () => void (unsubscribed += 1);
      },
      channel: 'msc_work',
      pass: async () => void (passes += 1),
      intervalMs: 60_000,
      sleep: time.sleep,
    });
    await poller.start();
    await poller.start();
    await settle();
    expect([subscribed, passes]).toEqual([['msc_work'], 1]);
    notify();
    await settle();
    expect(passes).toBe(2);
    expect(await poller.stop()).toBe(true);
    expect(unsubscribed).toBe(1);
    notify();
    await time.advance(120_000);
    expect(passes).toBe(2);
  });

  it('without a channel to listen on, it only polls', async () => {
    const time = fakeTime();
    let passes = 0;
    const poller = createWokenPoller({
      listen: null,
      channel: 'msc_work',
      pass: async () => void (passes += 1),
      intervalMs: 1_000,
      sleep: time.sleep,
    });
    await poller.start();
    await time.advance(1_000);
    expect(passes).toBe(2);
    expect(await poller.stop()).toBe(true);
  });
});
