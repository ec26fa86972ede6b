// Types of the jest-dom matchers that scripts/vitest-setup-dom.ts installs.
import '@testing-library/jest-dom/vitest';
