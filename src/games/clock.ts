/** Time comes from a clock given to the use cases, so deadlines can be tested without waiting. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export interface TestClock extends Clock {
  set(at: Date | string): void;
  advanceBy(ms: number): void;
}

export function createTestClock(start: Date | string = '2026-01-05T12:00:00Z'): TestClock {
  let t = new Date(start).getTime();
  return {
    now: () => new Date(t),
    set: (at) => {
      t = new Date(at).getTime();
    },
    advanceBy: (ms) => {
      t += ms;
    },
  };
}

export const HOUR = 3_600_000;
export const MINUTE = 60_000;
