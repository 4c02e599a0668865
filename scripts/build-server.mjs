// `npm run build:server` after the type check: the service as one ES module bundle (esbuild) at
// dist/src/cli/main.js, where bin/tickler.js looks for it, with what loads on first use (GraphQL, the
// capture parser, each database's driver, ...) in chunks beside it. Node 20 has no compile cache, and
// loading about 850 separate module files was most of the CPU time to /readyz (docs/benchmarks.md).
// Plain JavaScript so it runs without tsx; `--outdir <dir>` builds elsewhere (the build test).
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Loaded from node_modules at run time, not bundled: native addons and optional native speed-ups
 * (better-sqlite3, pg-native, bufferutil, utf-8-validate), packages that find their own files by path
 * (tesseract.js starts its worker script; ioredis reads its package.json through __dirname, which the
 * generated Prisma clients set globally), and GraphiQL's 9 MB page, which only a browser asks for.
 */
export const EXTERNAL = [
  'better-sqlite3',
  'pg-native',
  'bufferutil',
  'utf-8-validate',
  'tesseract.js',
  'ioredis',
  '@graphql-yoga/render-graphiql',
];

// Bundled CommonJS packages call require() for Node's built-in modules; an ES module has none.
const BANNER = "import { createRequire as __ticklerCreateRequire } from 'node:module';\nconst require = __ticklerCreateRequire(import.meta.url);";

/**
 * The bundle and its chunks go into one folder, so code that finds files relative to its own module
 * (import.meta.url: prisma/ migrations, package.json) sees the same depth as the compiled
 * dist/src/<folder>/ files did.
 */
export async function buildServer(outdir = path.join(root, 'dist', 'src', 'cli')) {
  rmSync(outdir, { recursive: true, force: true });
  return build({
    absWorkingDir: root,
    entryPoints: { main: 'src/cli/main.ts' },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    splitting: true,
    chunkNames: '[name]-[hash]',
    external: EXTERNAL,
    banner: { js: BANNER },
    sourcemap: true,
    sourcesContent: false,
    metafile: true,
    logLevel: 'warning',
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { outdir: { type: 'string' } } });
  await buildServer(values.outdir && path.resolve(values.outdir));
}
