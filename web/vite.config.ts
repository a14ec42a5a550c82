/**
 * The marking app's build. Run from the repo root as `vite build web` (root = web/):
 * the static files go to dist/web, which the service serves at `/`.
 * `vite web` starts a dev server that proxies the API to the service on :8000.
 */
import { defineConfig } from 'vite'

export default defineConfig({
  base: './',
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    // One small bundle; no external requests of any kind.
    assetsInlineLimit: 0,
    sourcemap: true,
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8000',
      '/health': 'http://127.0.0.1:8000',
    },
  },
})
