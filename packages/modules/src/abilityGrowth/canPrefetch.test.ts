import { afterEach, describe, expect, it, vi } from 'vitest';
import { canPrefetch } from './canPrefetch';
import { parseEntry } from './loadAbilityGrowth';
import { prefetchAbilityGrowth } from './prefetchAbilityGrowth';

describe('canPrefetch (spec 000 §2: not offline, not in data-saver mode, not on 2g/3g)', () => {
  it.each([
    ['online on 4g', { onLine: true, connection: { effectiveType: '4g', saveData: false } }, true],
    ['online without the Network Information API', { onLine: true }, true],
    ['offline', { onLine: false, connection: { effectiveType: '4g' } }, false],
    [
      'in data-saver mode',
      { onLine: true, connection: { effectiveType: '4g', saveData: true } },
      false,
    ],
    ['on slow-2g', { onLine: true, connection: { effectiveType: 'slow-2g' } }, false],
    ['on 2g', { onLine: true, connection: { effectiveType: '2g' } }, false],
    ['on 3g', { onLine: true, connection: { effectiveType: '3g' } }, false],
  ])('%s → %s', (_name, nav, expected) => {
    expect(canPrefetch(nav)).toBe(expected);
  });
});

const ENTRY = `<!doctype html><html><head>
<script type="module" crossorigin src="/assets/index-abc12345.js"></script>
<link rel="stylesheet" crossorigin href="/assets/index-def67890.css">
</head><body><div id="app"></div></body></html>`;

describe('parseEntry', () => {
  it('reads the module scripts and stylesheets of the entry page against its address', () => {
    expect(parseEntry(ENTRY, 'https://growth.example/app/')).toEqual({
      scripts: ['https://growth.example/assets/index-abc12345.js'],
      styles: ['https://growth.example/assets/index-def67890.css'],
    });
  });
});

describe('prefetchAbilityGrowth', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.head.querySelectorAll('link').forEach((link) => link.remove());
  });

  /** A navigator whose connection the test changes between idle periods. */
  function fakeNavigator() {
    return { onLine: true, connection: { effectiveType: '4g', saveData: false } };
  }
  /** Idle callbacks queued and run when the test says the browser is idle. */
  function idleQueue() {
    const queue: (() => void)[] = [];
    return {
      whenIdle: (callback: () => void) => {
        queue.push(callback);
        return () => queue.splice(queue.indexOf(callback), 1);
      },
      async idle() {
        queue.shift()?.();
        // Let the entry page's fetch settle.
        await new Promise((r) => setTimeout(r, 0));
      },
      get pending() {
        return queue.length;
      },
    };
  }
  const links = () =>
    Array.from(document.head.querySelectorAll('link'), (l) => `${l.rel} ${l.href}`);

  it('checks the connection at every prefetch, not once', async () => {
    const fetchEntry = vi.fn(async () => new Response(ENTRY));
    vi.stubGlobal('fetch', fetchEntry);
    const nav = fakeNavigator();
    const queue = idleQueue();

    nav.connection.effectiveType = '3g';
    prefetchAbilityGrowth('https://one.example/', { navigator: nav, whenIdle: queue.whenIdle });
    await queue.idle();
    expect(fetchEntry).not.toHaveBeenCalled();

    // The same page later on a fast connection: this prefetch runs.
    nav.connection.effectiveType = '4g';
    prefetchAbilityGrowth('https://one.example/', { navigator: nav, whenIdle: queue.whenIdle });
    await queue.idle();
    expect(fetchEntry).toHaveBeenCalledTimes(1);
    await queue.idle();
    expect(links()).toEqual(['modulepreload https://one.example/assets/index-abc12345.js']);

    // Data saver turned on before the stylesheet's turn: it is not preloaded.
    nav.connection.saveData = true;
    await queue.idle();
    expect(links()).toHaveLength(1);
  });

  it('preloads nothing while offline, and everything once back online', async () => {
    const fetchEntry = vi.fn(async () => new Response(ENTRY));
    vi.stubGlobal('fetch', fetchEntry);
    const nav = fakeNavigator();
    const queue = idleQueue();
    nav.onLine = false;
    prefetchAbilityGrowth('https://two.example/', { navigator: nav, whenIdle: queue.whenIdle });
    await queue.idle();
    expect(fetchEntry).not.toHaveBeenCalled();

    nav.onLine = true;
    prefetchAbilityGrowth('https://two.example/', { navigator: nav, whenIdle: queue.whenIdle });
    while (queue.pending) await queue.idle();
    expect(links()).toEqual([
      'modulepreload https://two.example/assets/index-abc12345.js',
      'preload https://two.example/assets/index-def67890.css',
    ]);
  });

  it('stops when cancelled', async () => {
    const fetchEntry = vi.fn(async () => new Response(ENTRY));
    vi.stubGlobal('fetch', fetchEntry);
    const queue = idleQueue();
    const cancel = prefetchAbilityGrowth('https://three.example/', {
      navigator: fakeNavigator(),
      whenIdle: queue.whenIdle,
    });
    cancel();
    expect(queue.pending).toBe(0);
    expect(fetchEntry).not.toHaveBeenCalled();
  });
});
