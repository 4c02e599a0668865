import { existsSync } from 'node:fs';

/** A program from the system a test talks to (promtool, ...), and whether its absence may skip the test. */
export interface ExternalTool {
  file: string;
  present: boolean;
  /** Missing where it is not required: skip the test (its reason was printed). */
  skip: boolean;
  /** Fails the test when the program is missing (CI and TICKLER_CONTAINER_CHECK=required install it). */
  assertPresent(): void;
}

/**
 * CI (.ci/run) installs the programs, so there a missing one fails the test instead of skipping it; on a
 * developer's machine the test is skipped with a line saying what to install.
 */
export function externalTool(file: string, install: string): ExternalTool {
  const present = existsSync(file);
  const required = Boolean(process.env.CI) || process.env.TICKLER_CONTAINER_CHECK === 'required';
  const missing = `${file} is missing (${install})`;
  if (!present && !required) console.warn(`SKIPPED: ${missing}; CI or TICKLER_CONTAINER_CHECK=required makes this a failure`);
  return {
    file,
    present,
    skip: !present && !required,
    assertPresent() {
      if (!present) throw new Error(`${missing}, and CI or TICKLER_CONTAINER_CHECK=required needs it`);
    },
  };
}
