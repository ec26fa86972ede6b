/** Where the server reads the time; injectable so tests can move it. */
export interface Clock {
  now(): Date;
}

/** The wall clock. */
export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until told to move; for tests and benchmarks. */
export interface FakeClock extends Clock {
  set(date: Date): void;
  advance(ms: number): void;
}

export function createFakeClock(start: Date): FakeClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (date) => {
      current = date.getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}
