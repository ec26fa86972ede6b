import type { AbilityGrowthLifecycle } from './types';

/** The scripts and stylesheets the entry page of {host} names, as absolute URLs. */
export interface AbilityGrowthEntry {
  scripts: string[];
  styles: string[];
}

/** The sub-application once loaded: its lifecycle and the stylesheets to put in its shadow root. */
export interface LoadedAbilityGrowth {
  lifecycle: AbilityGrowthLifecycle;
  styles: string[];
}

/** The entry page's address: {host} itself, read as a folder. */
export function entryUrl(host: string): string {
  return new URL(host.endsWith('/') ? host : `${host}/`, globalThis.location?.href).href;
}

const entries = new Map<string, Promise<AbilityGrowthEntry>>();

/**
 * GETs the entry page of {host} once per page load and reads its module scripts and
 * stylesheets (spec 001 §8: entry page, scripts and stylesheets). A failed read is forgotten,
 * so the next visit tries again.
 */
export function readEntry(host: string): Promise<AbilityGrowthEntry> {
  const url = entryUrl(host);
  let entry = entries.get(url);
  if (!entry) {
    entry = fetch(url, { credentials: 'omit' })
      .then((response) => {
        if (!response.ok) throw new Error(`entry page answered ${response.status}`);
        return response.text();
      })
      .then((html) => parseEntry(html, url));
    entries.set(url, entry);
    entry.catch(() => entries.delete(url));
  }
  return entry;
}

/** The module scripts and stylesheets of an entry page, resolved against its address. */
export function parseEntry(html: string, base: string): AbilityGrowthEntry {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const urls = (selector: string, attribute: string) =>
    Array.from(
      doc.querySelectorAll(selector),
      (el) => new URL(el.getAttribute(attribute) ?? '', base).href,
    );
  return {
    scripts: urls('script[type="module"][src]', 'src'),
    styles: urls('link[rel="stylesheet"][href]', 'href'),
  };
}

function isLifecycle(value: unknown): value is AbilityGrowthLifecycle {
  const module = value as Partial<AbilityGrowthLifecycle> | null;
  return typeof module?.mount === 'function' && typeof module.unmount === 'function';
}

/**
 * Loads the sub-application from {host}: its entry page, then its ES module entry, which
 * must export `mount` and `unmount` (and may export `bootstrap`).
 */
export async function loadAbilityGrowth(host: string): Promise<LoadedAbilityGrowth> {
  const { scripts, styles } = await readEntry(host);
  for (const script of scripts) {
    const module: unknown = await import(/* @vite-ignore */ script);
    if (isLifecycle(module)) return { lifecycle: module, styles };
  }
  throw new Error('the entry page names no module exporting mount and unmount');
}

const bootstrapped = new WeakMap<AbilityGrowthLifecycle, Promise<void>>();

/** Runs the lifecycle's `bootstrap` once per page load, however often it is mounted. */
export function bootstrapOnce(
  lifecycle: AbilityGrowthLifecycle,
  run: () => void | Promise<void>,
): Promise<void> {
  let done = bootstrapped.get(lifecycle);
  if (!done) {
    done = Promise.resolve().then(run);
    bootstrapped.set(lifecycle, done);
  }
  return done;
}
