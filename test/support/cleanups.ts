import { afterEach } from 'vitest';

export type Cleanup = () => Promise<void> | void;

/**
 * A list of cleanups for the calling test file: push onto it during a test, and an afterEach runs and
 * empties it, the last pushed first.
 */
export function cleanupsAfterEach(): Cleanup[] {
  const cleanups: Cleanup[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  return cleanups;
}
