import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Three projects: pure shared logic, node-side main (+ the demo MCP server), and the DOM renderer.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', environment: 'node', include: ['src/shared/**/*.test.ts'] } },
      {
        test: {
          name: 'main',
          environment: 'node',
          include: [
            'src/main/**/*.test.ts',
            'src/mcp-server/**/*.test.ts',
            'scripts/**/*.test.ts',
            'tests/**/*.test.ts',
          ],
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'renderer',
          environment: 'happy-dom',
          include: ['src/renderer/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/support/renderer/i18n-setup.ts'],
        },
      },
    ],
  },
});
