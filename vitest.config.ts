import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // graphql ships CommonJS (main) and ESM (module) copies. Node, and so Yoga and Pothos, load the
    // CommonJS one; Vite would hand our sources the ESM one, and two copies of graphql in one process
    // break its instanceof checks. Point Vite at the copy Node uses.
    alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }],
  },
  test: {
    include: ['test/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
