import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// Builds the example from the packages' sources (their `source` export condition), not their dist.
export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: { chunkSizeWarningLimit: 1000 },
});
