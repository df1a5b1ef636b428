import { defineConfig } from 'vitest/config';

// Tests import workspace packages from their sources through the `source` export condition,
// so nothing has to be built first. Node tests run as SSR in Vitest, hence `ssr.resolve`.
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['packages/*/test/**/*.test.ts', 'plugins/*/test/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
