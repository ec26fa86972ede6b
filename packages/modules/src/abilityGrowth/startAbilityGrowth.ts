import type { ExamkitStore } from '@examkit/core';
import type { To } from 'react-router-dom';
import { createTracked } from './createTracked';
import { bootstrapOnce, loadAbilityGrowth, type LoadedAbilityGrowth } from './loadAbilityGrowth';
import type { AbilityGrowthLocation, AbilityGrowthProps } from './types';

/** The page progress controller's part the host drives (`createProgress()` of `@examkit/ui`). */
export interface HostProgress {
  start(): void;
  done(force?: boolean): void;
}

export interface StartAbilityGrowthOptions {
  /** {host}: where the entry page of the sub-application is served. */
  host: string;
  /** The shared client state. */
  store: ExamkitStore;
  /** The main router: where it is, how to move it and how to hear it move. */
  router: {
    getLocation(): AbilityGrowthLocation;
    navigate(to: To, options?: { replace?: boolean }): void;
    subscribe(listener: (location: AbilityGrowthLocation) => void): () => void;
  };
  /** Started before loading, done after mounting (spec 000 §2). */
  progress: HostProgress;
  /** The loading flag: `loading` while loading or mounting, then `mounted` or `failed`. */
  onStatus(status: 'loading' | 'mounted' | 'failed'): void;
  /** @default loadAbilityGrowth (entry page of {host}, then its ES module) */
  load?: (host: string) => Promise<LoadedAbilityGrowth>;
}

/**
 * Inside the shadow root: nothing the host page's styles set is inherited past the boundary
 * (`all: initial`); the sub-application's own stylesheets follow and apply within it only.
 */
export const BOUNDARY_CSS =
  ':host{display:block}.boundary{all:initial;display:block}.portal{position:relative;z-index:2000}';

function stylesheet(href: string): { link: HTMLLinkElement; loaded: Promise<void> } {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  const loaded = new Promise<void>((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener(
      'error',
      () => {
        console.error(`成长档案样式加载失败：${href}`);
        resolve();
      },
      { once: true },
    );
  });
  return { link, loaded };
}

/**
 * Loads the AbilityGrowth sub-application from {host} and mounts it in a shadow root of
 * `element` (the `#ability-growth` container); answers the function that unmounts it and
 * removes all it left: its DOM, and every listener, timer and subscription it registered
 * through the props. Stopping while it still loads unmounts it as soon as it has mounted.
 * @see docs/ability-growth.md
 */
export function startAbilityGrowth(
  element: HTMLElement,
  options: StartAbilityGrowthOptions,
): () => Promise<void> {
  const { host, store, router, progress, onStatus, load = loadAbilityGrowth } = options;
  let stopped = false;
  let boundary: HTMLElement | undefined;
  let mounted: { unmount(): void | Promise<void> } | undefined;
  const registry = createTracked();

  const run = (async () => {
    progress.start();
    onStatus('loading');
    try {
      const { lifecycle, styles } = await load(host);
      if (stopped) return;
      const shadowRoot = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
      // One boundary per visit (styles, container and portal target inside), so a quick leave
      // and return never removes the newer one.
      boundary = document.createElement('div');
      boundary.className = 'boundary';
      const reset = document.createElement('style');
      reset.textContent = BOUNDARY_CSS;
      const sheets = styles.map(stylesheet);
      const container = document.createElement('div');
      const portalTarget = document.createElement('div');
      portalTarget.className = 'portal';
      boundary.append(reset, ...sheets.map((s) => s.link), container, portalTarget);
      shadowRoot.append(boundary);
      await Promise.all(sheets.map((s) => s.loaded));
      if (stopped) return;

      const { tracked } = registry;
      const props: AbilityGrowthProps = {
        container,
        portalTarget,
        shadowRoot,
        basePath: '/ability-growth',
        state: {
          getState: store.getState,
          subscribe(listener) {
            const unsubscribe = store.subscribe(listener);
            tracked.onCleanup(unsubscribe);
            return unsubscribe;
          },
        },
        router: {
          get location() {
            return router.getLocation();
          },
          navigate: (to, navigateOptions) => router.navigate(to, navigateOptions),
          subscribe(listener) {
            const unsubscribe = router.subscribe(listener);
            tracked.onCleanup(unsubscribe);
            return unsubscribe;
          },
        },
        tracked,
      };
      await bootstrapOnce(lifecycle, () => lifecycle.bootstrap?.(props));
      if (stopped) return;
      mounted = { unmount: () => lifecycle.unmount(props) };
      await lifecycle.mount(props);
      if (!stopped) onStatus('mounted');
    } catch (error) {
      console.error(error);
      if (!stopped) onStatus('failed');
    } finally {
      progress.done();
    }
  })();

  return async () => {
    if (stopped) return;
    stopped = true;
    await run;
    try {
      await mounted?.unmount();
    } catch (error) {
      console.error(error);
    } finally {
      registry.dispose();
      boundary?.remove();
      boundary = undefined;
      mounted = undefined;
    }
  };
}
