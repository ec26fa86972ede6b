import type { Clock } from './clock';

/** Limits of the sign-in routes. */
export interface RateLimitSettings {
  /** Attempts per client address per window on every sign-in and code route. @default 30 */
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
    const now = this.clock.now().getTime();
    this.#sweep(now);
    const recent = (this.#hits.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (recent.length >= this.limit) {
      this.#hits.set(key, recent);
      return this.windowMs - (now - (recent[0] ?? now));
    }
    recent.push(now);
    this.#hits.set(key, recent);
    return 0;
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
  lockedUntil: number;
}

/**
 * Locks an account after too many failed attempts. The lock runs its full time:
 * a correct password during the lock is refused too, and only time lifts it.
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

  /** Milliseconds the account stays locked, 0 when open. */
  lockedFor(key: string): number {
    const state = this.#accounts.get(key);
    if (!state) return 0;
    const left = state.lockedUntil - this.clock.now().getTime();
    if (left > 0) return left;
    if (state.lockedUntil > 0) this.#accounts.delete(key);
    return 0;
  }

  fail(key: string): void {
    const now = this.clock.now().getTime();
    const state = this.#accounts.get(key) ?? { failures: [], lockedUntil: 0 };
    state.failures = state.failures.filter((t) => now - t < this.settings.accountWindowMs);
    state.failures.push(now);
    if (state.failures.length >= this.settings.accountFailures) {
      state.lockedUntil = now + this.settings.accountLockMs;
      state.failures = [];
    }
    this.#accounts.set(key, state);
  }

  succeed(key: string): void {
    if (this.lockedFor(key) === 0) this.#accounts.delete(key);
  }
}
