import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// Lazy routes and first renders can take more than the default 1 s on a loaded
// two-core CI machine, and more than 5 s while the browser tests run beside the unit tests
// (docs/testing.md); a longer wait changes no assertion, only patience. It stays under the
// page tests' own 20 s, so a wait that never ends still fails with Testing Library's message.
configure({ asyncUtilTimeout: 15_000 });

// jsdom has no `window.scrollTo` (pages scroll to the top on a route change): every test gets a
// stub, which a test may read with `vi.mocked(window.scrollTo)`. A file that asks for the node
// environment (`@vitest-environment node`) has no window.
beforeEach(() => {
  if (typeof window !== 'undefined') vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
});
