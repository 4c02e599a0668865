import { availableParallelism } from 'node:os';
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
    // Vitest's default is one worker fewer than the cores: on CI's two cores that runs every file in
    // turn, though most of the long ones wait on child processes, sockets and timers rather than the CPU.
    // Each file has its own databases, data directory and ports, so two files at once share nothing.
    // VITEST_MAX_WORKERS still overrides it.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
