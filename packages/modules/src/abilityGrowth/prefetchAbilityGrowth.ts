import { canPrefetch, type PrefetchNavigator } from './canPrefetch';
import { readEntry } from './loadAbilityGrowth';

export interface PrefetchEnv {
  /** @default globalThis.navigator */
  navigator?: PrefetchNavigator;
  /** Runs a callback when the browser is idle. @default requestIdleCallback (a timeout where missing) */
  whenIdle?: (callback: () => void) => () => void;
  /** @default document */
  document?: Document;
}

const preloaded = new Set<string>();

function defaultWhenIdle(callback: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(callback, { timeout: 5_000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(callback, 200);
  return () => clearTimeout(id);
}

/**
 * Preloads the sub-application's assets when the browser is idle: its entry page, then each
 * of its scripts (`modulepreload`) and stylesheets, one per idle period. Every step first asks
 * {@link canPrefetch} again, so going offline, turning on data saver or dropping to 2g/3g
 * stops it (spec 000 §2). Answers a function that cancels what has not run.
 */
export function prefetchAbilityGrowth(host: string, env: PrefetchEnv = {}): () => void {
  const nav = env.navigator ?? globalThis.navigator;
  const whenIdle = env.whenIdle ?? defaultWhenIdle;
  const doc = env.document ?? document;
  let cancel = () => {};
  let cancelled = false;

  const preload = (assets: { href: string; style: boolean }[]) => {
    const next = assets.find((asset) => !preloaded.has(asset.href));
    if (!next || cancelled) return;
    cancel = whenIdle(() => {
      if (!canPrefetch(nav)) return;
      const link = doc.createElement('link');
      if (next.style) {
        link.rel = 'preload';
        link.as = 'style';
      } else {
        link.rel = 'modulepreload';
        link.crossOrigin = 'anonymous';
      }
      link.href = next.href;
      doc.head.append(link);
      preloaded.add(next.href);
      preload(assets);
    });
  };

  cancel = whenIdle(() => {
    if (!canPrefetch(nav)) return;
    readEntry(host).then(
      ({ scripts, styles }) =>
        preload([
          ...scripts.map((href) => ({ href, style: false })),
          ...styles.map((href) => ({ href, style: true })),
        ]),
      () => {
        // The page itself reports a failing host when it is opened; preloading stays quiet.
      },
    );
  });
  return () => {
    cancelled = true;
    cancel();
  };
}
