import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { MAIN_BUNDLED_DEPS } from './scripts/main-bundled-deps';
import { sdkWithoutAjv } from './scripts/sdk-without-ajv';
import { devMetaCsp } from './src/main/window-options';

export default defineConfig({
  main: {
    plugins: [sdkWithoutAjv()],
    build: {
      // Dependencies load from node_modules at run time, except those whose CommonJS files would be required one
      // by one, synchronously, in one long block of the main process (scripts/main-bundled-deps.ts).
      externalizeDeps: { exclude: MAIN_BUNDLED_DEPS },
      rollupOptions: {
        // The Electron entry and the Node-only CLI (headless server, shop server) share one bundle graph. The
        // config worker and the records index worker are entries of their own (out/main/config-worker.js, started
        // by core/config/config-work.ts; out/main/records-index-worker.js, by core/stores/records-index.ts), and so are
        // the span export worker (out/main/span-export-worker.js, by core/telemetry/span-export-thread.ts) and the
        // core's own thread (out/main/core-thread-worker.js, by core-thread/core-thread.ts).
        input: {
          index: resolve('src/main/index.ts'),
          cli: resolve('src/main/cli.ts'),
          'config-worker': resolve('src/main/core/config/config-worker.ts'),
          'records-index-worker': resolve('src/main/core/stores/records-index-worker.ts'),
          'span-export-worker': resolve('src/main/core/telemetry/span-export-worker.ts'),
          'core-thread-worker': resolve('src/main/core-thread/core-thread-worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      rollupOptions: {
        // The window's preload, and the MCP App <webview>'s relay (forced on the guest by desktop/app-webview-guard.ts).
        input: { index: resolve('src/preload/index.ts'), 'app-relay': resolve('src/preload/app-relay.ts') },
        // Sandboxed preloads can't be ES modules, so these are CommonJS.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    plugins: [
      react(),
      // Development only (apply: 'serve'): the built page keeps the strict CSP.
      { name: 'switchboard-dev-csp', apply: 'serve', transformIndexHtml: (html: string) => devMetaCsp(html) },
    ],
    build: {
      minify: true,
      // One ~1 MB chunk was over Vite's 500 kB warning: libraries go to chunks of their own (cached across releases).
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
              { name: 'rjsf', test: /node_modules[\\/]@rjsf[\\/]/, priority: 2 },
              { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 2 },
              { name: 'unhomoglyph', test: /node_modules[\\/]unhomoglyph[\\/]/, priority: 2 },
              { name: 'tanstack', test: /node_modules[\\/]@tanstack[\\/]/, priority: 2 },
              // The console's words in both languages, a chunk of their own so the page's code stays under 500 kB.
              { name: 'locales', test: /src[\\/]renderer[\\/]src[\\/]locales[\\/]/, priority: 2 },
              // Only libraries the first page needs ('$initial': statically reachable from the entry); the rest (ext-apps'
              // AppBridge, partial-json, the MCP client under them) stay in the lazily loaded view that uses them.
              { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'], priority: 1 },
            ],
          },
        },
      },
    },
  },
});
