import type { Clock } from './clock';

/** Limits of the sign-in routes. */
export interface RateLimitSettings {
  /**
   * Failed calls per client address per window on the public (sign-in and code)
   * routes, and code sends per address per window. Successful sign-ins are not
   * counted, so many teachers behind one school gateway can all sign in. @default 30
   */
  addressLimit: number;
  /** @default 60 000 (one minute) */
  addressWindowMs: number;
  /** Failed attempts on one account within the window that lock it. @default 5 */
  accountFailures: number;
  /** @default 900 000 (15 minutes) */
  accountWindowMs: number;
  /** How long a locked account stays locked. @default 900 000 (15 minutes) */
  accountLockMs: number;
}

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  addressLimit: 30,
  addressWindowMs: 60_000,
  accountFailures: 5,
  accountWindowMs: 15 * 60_000,
  accountLockMs: 15 * 60_000,
};

const SWEEP_EVERY = 1_000;

/** A sliding-window counter of attempts per key, kept in memory. */
export class AttemptLimiter {
  readonly #hits = new Map<string, number[]>();
  #calls = 0;

  constructor(
    private readonly clock: Clock,
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one attempt; returns the milliseconds to wait when over the limit, else 0. */
  hit(key: string): number {
    const wait = this.waitFor(key);
    if (wait === 0) this.record(key);
    return wait;
  }

  /** The milliseconds to wait while the key is at its limit, else 0; counts nothing. */
  waitFor(key: string): number {
    const now = this.clock.now().getTime();
    this.#sweep(now);
    const recent = (this.#hits.get(key) ?? []).filter((t) => now - t < this.windowMs);
    this.#hits.set(key, recent);
    if (recent.length < this.limit) return 0;
    return this.windowMs - (now - (recent[0] ?? now));
  }

  /** Counts one event (a failure, when the limiter counts failures only). */
  record(key: string): void {
    const now = this.clock.now().getTime();
    const recent = this.#hits.get(key) ?? [];
    recent.push(now);
    this.#hits.set(key, recent);
  }

  #sweep(now: number) {
    if (++this.#calls % SWEEP_EVERY !== 0) return;
    for (const [key, times] of this.#hits) {
      if (times.every((t) => now - t >= this.windowMs)) this.#hits.delete(key);
    }
  }
}

interface AccountState {
  failures: number[];
  /** Attempts reserved and still being checked. */
  pending: number;
  lockedUntil: number;
}

/** One reserved attempt on a key: settle it once with the outcome of the check. */
export interface ReservedAttempt {
  /** Records the failure; returns the tries left before the lock (0: locked now). */
  fail(): number;
  /** Clears the failures of the key (unless it got locked meanwhile). */
  succeed(): void;
  /** Gives the try back without counting it (the check could not be made). */
  release(): void;
}

/**
 * Locks a key (an account, a phone, an address) after too many failed attempts.
 * An attempt is reserved before the slow check, synchronously, so parallel
 * attempts cannot check more than the limit: while the failures plus the
 * attempts in flight reach the limit, further attempts are refused at once.
 * The lock runs its full time: a correct password during the lock is refused
 * too, and only time lifts it.
 */
export class AccountLocks {
  readonly #accounts = new Map<string, AccountState>();

  constructor(
    private readonly clock: Clock,
    private readonly settings: Pick<
      RateLimitSettings,
      'accountFailures' | 'accountWindowMs' | 'accountLockMs'
    >,
  ) {}

  /** Milliseconds the key stays locked, 0 when open. */
  /** Lifts the lock and forgets the failures of a key (after the owner proved who they are). */
  clear(key: string): void {
    const state = this.#accounts.get(key);
    if (!state) return;
    state.failures = [];
    state.lockedUntil = 0;
    this.#forget(key, state);
  }

  lockedFor(key: string): number {
    const state = this.#accounts.get(key);
    if (!state) return 0;
    const left = state.lockedUntil - this.clock.now().getTime();
    if (left > 0) return left;
    if (state.lockedUntil > 0) {
      state.lockedUntil = 0;
      state.failures = [];
      this.#forget(key, state);
    }
    return 0;
  }

  /**
   * Reserves one attempt, or returns null while the key is locked or every
   * remaining try is already being checked.
   */
  reserve(key: string): ReservedAttempt | null {
    if (this.lockedFor(key) > 0) return null;
    const now = this.clock.now().getTime();
    const state = this.#accounts.get(key) ?? { failures: [], pending: 0, lockedUntil: 0 };
    state.failures = state.failures.filter((t) => now - t < this.settings.accountWindowMs);
    if (state.failures.length + state.pending >= this.settings.accountFailures) return null;
    state.pending += 1;
    this.#accounts.set(key, state);
    let settled = false;
    const settle = () => {
      if (settled) throw new Error('attempt settled twice');
      settled = true;
      state.pending -= 1;
    };
    return {
      fail: () => {
        settle();
        const at = this.clock.now().getTime();
        if (state.lockedUntil > at) return 0;
        state.failures = state.failures.filter((t) => at - t < this.settings.accountWindowMs);
        state.failures.push(at);
        this.#accounts.set(key, state);
        const left = this.settings.accountFailures - state.failures.length;
        if (left > 0) return left;
        state.lockedUntil = at + this.settings.accountLockMs;
        state.failures = [];
        return 0;
      },
      succeed: () => {
        settle();
        if (state.lockedUntil <= this.clock.now().getTime()) state.failures = [];
        this.#forget(key, state);
      },
      release: () => {
        settle();
        this.#forget(key, state);
      },
    };
  }

  #forget(key: string, state: AccountState) {
    if (state.pending === 0 && state.failures.length === 0 && state.lockedUntil === 0)
      this.#accounts.delete(key);
  }
}
