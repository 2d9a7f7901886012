import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Long-running variants of tests/reliability, kept out of the default run: `npm run soak`.
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    name: 'soak',
    environment: 'node',
    include: ['tests/soak/**/*.soak.ts'],
    testTimeout: 600_000,
    hookTimeout: 60_000,
  },
});
