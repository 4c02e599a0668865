// Builds the web app (web/ into web/dist) when its build is missing or older than its sources: run
// before `npm start` (prestart) and by the test setup. Plain JavaScript, so it runs without tsx in a
// production install; without Vite (a production install that copied web/dist in) an existing build is
// used as it is.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'web');
const dist = path.join(web, 'dist');
const stamp = path.join(dist, '.source-hash');
const SOURCES = ['index.html', 'vite.config.ts', 'tsconfig.json', 'src', 'public'];

/** @param {string} entry @returns {string[]} */
function files(entry) {
  if (!existsSync(entry)) return [];
  if (!statSync(entry).isDirectory()) return [entry];
  return readdirSync(entry)
    .sort()
    .flatMap((name) => files(path.join(entry, name)));
}

/** A hash of everything the build reads: the app's sources and the locked dependency versions. */
export function webSourceHash() {
  const hash = createHash('sha256');
  for (const file of [...SOURCES.flatMap((source) => files(path.join(web, source))), path.join(root, 'package-lock.json')]) {
    hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

/** @returns {string | undefined} Vite's command line script, when Vite is installed. */
function viteScript() {
  try {
    return path.join(path.dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');
  } catch {
    return undefined;
  }
}

/**
 * Builds unless web/dist matches the sources.
 * @param {(line: string) => void} [log]
 * @param {{ quiet?: boolean }} [options] quiet: Vite's output is kept off the terminal (the service's
 *   standard output is JSON log lines); a failed build's last lines go into the error instead.
 * @returns {'built' | 'current' | 'kept'}
 */
export function ensureWebBuild(log = console.log, options = {}) {
  const built = existsSync(path.join(dist, 'index.html'));
  if (!existsSync(path.join(web, 'src'))) return 'kept';
  const hash = webSourceHash();
  if (built && existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) return 'current';
  const vite = viteScript();
  if (!vite) {
    if (built) return 'kept';
    throw new Error('The web app is not built and Vite is not installed: run `npm ci && npm run build:web`.');
  }
  log('Building the web app (web/ into web/dist)…');
  const result = spawnSync(process.execPath, [vite, 'build', '--config', 'web/vite.config.ts'], {
    cwd: root,
    stdio: options.quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    const output = options.quiet ? `${result.stdout ?? ''}${result.stderr ?? ''}`.trim().split('\n').slice(-5).join(' | ') : '';
    throw new Error(`Building the web app failed (exit ${result.status})${output ? `: ${output}` : ''}`);
  }
  writeFileSync(stamp, hash);
  return 'built';
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    ensureWebBuild();
  } catch (error) {
    // The API still runs without the app; say why `/` is missing.
    console.error(error instanceof Error ? error.message : String(error));
  }
}
