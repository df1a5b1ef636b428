import { defineConfig } from 'vitest/config';

// Tests import workspace packages from their sources through the `source` export condition. Node tests run
// as SSR in Vitest, hence `ssr.resolve`. The global setup builds every package once (tsc -b), so the tests
// that run the built `retromodel` bin as a user does see the current sources.
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    globalSetup: ['test/global-setup.ts'],
    include: ['packages/*/test/**/*.test.ts', 'plugins/*/test/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
