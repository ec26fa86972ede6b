import type { To } from 'react-router-dom';
import type { ExamkitState } from '@examkit/core';

/** The path prefix the AbilityGrowth sub-application owns (spec 000 §2). */
export type AbilityGrowthBasePath = '/ability-growth';

/**
 * The shared state handle: the host's client state (user, school, academic year…), read with
 * `getState` and watched with `subscribe`. Subscriptions end by themselves at unmount.
 */
export interface AbilityGrowthState {
  getState(): ExamkitState;
  subscribe(listener: (state: ExamkitState, previous: ExamkitState) => void): () => void;
}

/** Where the main router is: the address bar of the host. */
export interface AbilityGrowthLocation {
  pathname: string;
  search: string;
  hash: string;
}

/**
 * The main router, passed in. The sub-application routes by the URL only: it renders what
 * `location` says and moves with `navigate`; `subscribe` tells it of every URL change (also
 * the back and forward buttons). Subscriptions end by themselves at unmount.
 */
export interface AbilityGrowthRouter {
  readonly location: AbilityGrowthLocation;
  navigate(to: To, options?: { replace?: boolean }): void;
  subscribe(listener: (location: AbilityGrowthLocation) => void): () => void;
}

/**
 * What the sub-application registers outside its own tree goes through here, so the host
 * removes it at unmount even when the sub-application forgets: listeners on `window`,
 * `document` or any target, timers, and any other clean-up.
 */
export interface AbilityGrowthTracked {
  /** Adds `listener` to `target` (`window`, `document`, …); answers the function that removes it. */
  addEventListener<E extends Event = Event>(
    target: EventTarget,
    type: string,
    listener: (event: E) => void,
    options?: AddEventListenerOptions | boolean,
  ): () => void;
  setTimeout(callback: () => void, ms?: number): () => void;
  setInterval(callback: () => void, ms?: number): () => void;
  /** Runs `cleanup` at unmount (after the sub-application's own `unmount`). */
  onCleanup(cleanup: () => void): void;
}

/** What `bootstrap`, `mount` and `unmount` receive (docs/ability-growth.md). */
export interface AbilityGrowthProps {
  /** Renders here: an element inside the shadow root of `#ability-growth`. */
  container: HTMLElement;
  /** Dialogs, drawers and popovers go here instead of `document.body` (inside the same shadow root). */
  portalTarget: HTMLElement;
  /** The shadow root that isolates the sub-application's styles both ways. */
  shadowRoot: ShadowRoot;
  basePath: AbilityGrowthBasePath;
  /** The shared state handle. */
  state: AbilityGrowthState;
  /** The main router. */
  router: AbilityGrowthRouter;
  tracked: AbilityGrowthTracked;
}

/**
 * The ES module the entry page of {host} loads exports these (qiankun-style lifecycle):
 * `bootstrap` once per page load, then `mount` and `unmount` for every visit.
 */
export interface AbilityGrowthLifecycle {
  bootstrap?(props: AbilityGrowthProps): void | Promise<void>;
  mount(props: AbilityGrowthProps): void | Promise<void>;
  unmount(props: AbilityGrowthProps): void | Promise<void>;
}
