import { createExamkitStore, createStorage } from '@examkit/core';
import { describe, expect, it, vi } from 'vitest';
import type { LoadedAbilityGrowth } from './loadAbilityGrowth';
import { startAbilityGrowth } from './startAbilityGrowth';

function setUp(load: () => Promise<LoadedAbilityGrowth>) {
  const element = document.createElement('div');
  document.body.append(element);
  const statuses: string[] = [];
  const progress = { start: vi.fn(), done: vi.fn() };
  const stop = startAbilityGrowth(element, {
    host: 'https://growth.example/',
    store: createExamkitStore(createStorage('memory')),
    progress,
    onStatus: (status) => statuses.push(status),
    router: {
      getLocation: () => ({ pathname: '/ability-growth/home', search: '', hash: '' }),
      navigate: vi.fn(),
      subscribe: () => () => {},
    },
    load,
  });
  return { element, statuses, progress, stop };
}

describe('startAbilityGrowth', () => {
  it('never mounts a sub-application the user left while it was loading', async () => {
    let finish: (loaded: LoadedAbilityGrowth) => void = () => {};
    const mount = vi.fn();
    const { element, progress, stop } = setUp(() => new Promise((r) => (finish = r)));
    expect(progress.start).toHaveBeenCalled();
    const stopped = stop();
    finish({ lifecycle: { mount, unmount: vi.fn() }, styles: [] });
    await stopped;
    expect(mount).not.toHaveBeenCalled();
    expect(element.shadowRoot?.childNodes.length ?? 0).toBe(0);
    expect(progress.done).toHaveBeenCalled();
  });

  it('unmounts as soon as a mount the user left has finished', async () => {
    let mounted: () => void = () => {};
    const order: string[] = [];
    const lifecycle = {
      mount: vi.fn(
        () =>
          new Promise<void>((r) => {
            order.push('mount');
            mounted = r;
          }),
      ),
      unmount: vi.fn(() => void order.push('unmount')),
    };
    const { element, statuses, stop } = setUp(async () => ({ lifecycle, styles: [] }));
    await vi.waitFor(() => expect(lifecycle.mount).toHaveBeenCalled());
    const stopped = stop();
    mounted();
    await stopped;
    expect(order).toEqual(['mount', 'unmount']);
    expect(statuses).toEqual(['loading']);
    expect(element.shadowRoot?.childNodes).toHaveLength(0);
  });
});
