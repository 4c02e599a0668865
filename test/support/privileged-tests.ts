import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const isSet = (value: string | undefined) => value !== undefined && value !== '' && value !== '0' && value !== 'false';

/**
 * Some tests need privileges a developer's machine may not grant (mounting a file system, a network
 * namespace). CI runs as root and exports TICKLER_CONTAINER_CHECK=required (.ci/run): there they must
 * run, and a missing privilege fails them instead of skipping them quietly.
 */
export const PRIVILEGED_TESTS_REQUIRED = isSet(process.env.CI) || process.env.TICKLER_CONTAINER_CHECK === 'required';

/**
 * For `it.skipIf`: true (and a warning saying why) only where the privilege is missing and the test is
 * not required. Where it is required, the test runs and `requirePrivilege` fails it with the reason.
 */
export function skipWithoutPrivilege(missing: string | undefined): boolean {
  if (missing === undefined || PRIVILEGED_TESTS_REQUIRED) return false;
  console.warn(`SKIPPED: ${missing} (required only in CI or with TICKLER_CONTAINER_CHECK=required)`);
  return true;
}

/** First line of a privileged test: fails it, naming what is missing, when it cannot do its work. */
export function requirePrivilege(missing: string | undefined): void {
  if (missing !== undefined) {
    throw new Error(`${missing}; this test must run here (CI or TICKLER_CONTAINER_CHECK=required), so it fails instead of skipping`);
  }
}

export interface MountedTmpfs {
  dir: string;
  remountReadOnly(): void;
  unmount(): void;
}

/** A tmpfs of `sizeMiB` on a fresh folder; throws where mounting is not allowed (needs root or CAP_SYS_ADMIN). */
export function mountTmpfs(sizeMiB: number): MountedTmpfs {
  const dir = mkdtempSync(path.join(tmpdir(), 'tickler-tmpfs-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMiB}m`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch (error) {
    rmdirSync(dir);
    throw error;
  }
  return {
    dir,
    remountReadOnly: () => void execFileSync('mount', ['-o', 'remount,ro', dir], { stdio: 'pipe' }),
    unmount() {
      execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
      rmdirSync(dir);
    },
  };
}

/** Why this process cannot mount a tmpfs, or undefined when it can (tried once, with a 1 MiB one). */
export function whyCannotMount(): string | undefined {
  try {
    mountTmpfs(1).unmount();
    return undefined;
  } catch (error) {
    return `cannot mount a tmpfs here (${String(error).split('\n')[0]}): it needs root or CAP_SYS_ADMIN`;
  }
}

/**
 * The command prefix that runs a program in a network namespace of its own, with no interface up, not
 * even loopback: `unshare --net` as root, or inside a user namespace where unprivileged ones are allowed.
 */
export function networkNamespacePrefix(): { prefix: string[] } | { missing: string } {
  const attempts = [['unshare', '--net'], ['unshare', '--net', '--map-root-user']];
  const failures: string[] = [];
  for (const prefix of attempts) {
    try {
      execFileSync(prefix[0]!, [...prefix.slice(1), 'true'], { stdio: 'pipe' });
      return { prefix };
    } catch (error) {
      failures.push(`${prefix.join(' ')}: ${String(error).split('\n')[0]}`);
    }
  }
  return { missing: `cannot start a process without network here (${failures.join('; ')})` };
}
