import type { Progress, ProgressOptions } from '../types';

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/**
 * Creates a page progress controller with the numbers of spec 000 §9:
 * minimum 0.08, animation speed 200 ms, trickle every 800 ms by up to 0.02.
 * `start()` shows the bar at the minimum and lets it creep towards (never
 * reaching) the end; `done()` fills it and hides it after `speed` ms.
 */
export function createProgress(options: ProgressOptions = {}): Progress {
  const { random = Math.random, ...rest } = options;
  const settings = {
    minimum: 0.08,
    speed: 200,
    trickleSpeed: 800,
    trickleRate: 0.02,
    trickle: true,
    ...rest,
  };
  let status: number | null = null;
  let trickleTimer: ReturnType<typeof setInterval> | undefined;
  let hideTimer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());

  const stopTrickle = () => {
    clearInterval(trickleTimer);
    trickleTimer = undefined;
  };

  const progress: Progress = {
    get status() {
      return status;
    },
    options: settings,
    set(n) {
      clearTimeout(hideTimer);
      status = clamp(n, settings.minimum, 1);
      emit();
      if (status === 1) {
        stopTrickle();
        hideTimer = setTimeout(() => {
          status = null;
          emit();
        }, settings.speed);
      }
    },
    inc(amount) {
      if (status === null) return progress.start();
      if (status >= 1) return;
      // Stays just short of the end until done() is called.
      progress.set(Math.min(status + (amount ?? random() * settings.trickleRate), 0.994));
    },
    start() {
      if (status === null || status === 1) progress.set(0);
      if (settings.trickle && trickleTimer === undefined) {
        trickleTimer = setInterval(() => progress.inc(), settings.trickleSpeed);
      }
    },
    done(force = false) {
      if (status === null && !force) return;
      progress.set(1);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return progress;
}
