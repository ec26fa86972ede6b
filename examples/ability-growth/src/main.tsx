import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { AbilityGrowthProps } from '@examkit/modules';
import { App } from './App';
import './styles.css';

// One root per container: the host may mount the sub-application again after unmounting it.
const roots = new WeakMap<HTMLElement, Root>();

/** Once per page load, before the first mount. */
export function bootstrap(): void {}

/** Renders the sub-application into the container the host gives it. */
export function mount(props: AbilityGrowthProps): void {
  const root = createRoot(props.container);
  roots.set(props.container, root);
  root.render(
    <StrictMode>
      <App host={props} />
    </StrictMode>,
  );
}

/** Removes what it rendered; listeners and timers registered through `tracked` are the host's to remove. */
export function unmount(props: AbilityGrowthProps): void {
  roots.get(props.container)?.unmount();
  roots.delete(props.container);
}
