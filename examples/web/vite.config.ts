import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API = 'http://127.0.0.1:8080';

/**
 * The reference app builds from the packages' sources (the `source` export
 * condition), so a change in any package shows without building it first.
 */
export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
  server: {
    proxy: {
      '/marking-': { target: API, changeOrigin: true },
      '/chatgpt-server': { target: API, changeOrigin: true },
      '/openapi.json': { target: API, changeOrigin: true },
    },
  },
  build: {
    sourcemap: true,
    modulePreload: {
      // Every browser the product supports has modulepreload.
      polyfill: false,
      // A page loaded later fetches its own imports when it runs, so the login page's script
      // carries no preload table for the 270 lazy routes (docs/architecture.md, first load).
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
  },
});
