import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Lazy routes and first renders can take more than the default 1 s on a loaded
// two-core CI machine; a longer wait changes no assertion, only patience.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
});
