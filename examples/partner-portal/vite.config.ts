import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The partner portal is the embedding proof: it consumes the built packages
 * (their `dist`), exactly as an integrator installing them from npm would,
 * so this config deliberately has no `source` resolve condition.
 */
export default defineConfig({
  plugins: [react()],
  build: { sourcemap: true },
});
