import type { AbilityGrowthTracked } from './types';

/** A tracked registry and the function that removes everything registered through it. */
export interface TrackedRegistry {
  tracked: AbilityGrowthTracked;
  /** Removes every listener and timer still registered and runs the clean-ups, once. */
  dispose(): void;
  /** How many registrations are still live (for tests and diagnostics). */
  readonly size: number;
}

/**
 * What the sub-application registers outside its tree, tracked so that unmounting it leaves
 * no listener, timer or subscription behind. Registering after `dispose` is refused
 * (undone at once): a late callback of an unmounted sub-application must not leak.
 */
export function createTracked(): TrackedRegistry {
  const live = new Set<() => void>();
  let disposed = false;

  const track = (undo: () => void): (() => void) => {
    if (disposed) {
      undo();
      return () => {};
    }
    let done = false;
    const remove = () => {
      if (done) return;
      done = true;
      live.delete(remove);
      undo();
    };
    live.add(remove);
    return remove;
  };

  const tracked: AbilityGrowthTracked = {
    addEventListener(target, type, listener, options) {
      if (disposed) return () => {};
      const handler = listener as EventListener;
      target.addEventListener(type, handler, options);
      return track(() => target.removeEventListener(type, handler, options));
    },
    setTimeout(callback, ms) {
      if (disposed) return () => {};
      let remove = () => {};
      const id = setTimeout(() => {
        remove();
        callback();
      }, ms);
      remove = track(() => clearTimeout(id));
      return remove;
    },
    setInterval(callback, ms) {
      if (disposed) return () => {};
      const id = setInterval(callback, ms);
      return track(() => clearInterval(id));
    },
    onCleanup(cleanup) {
      track(cleanup);
    },
  };

  return {
    tracked,
    dispose() {
      if (disposed) return;
      disposed = true;
      for (const remove of [...live]) {
        try {
          remove();
        } catch (error) {
          console.error(error);
        }
      }
    },
    get size() {
      return live.size;
    },
  };
}
