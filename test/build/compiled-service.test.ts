import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../scripts/build-server.mjs';
import { NO_RATE_LIMITS } from '../support/no-rate-limits.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);

/**
 * The production build as the image holds it: the bundle (scripts/build-server.mjs) in a scratch project
 * that has dist/, bin/, prisma/ and node_modules/ but no src/, so bin/tickler.js can only succeed by
 * running the bundle. Built outside the checkout so that tests running beside this one never see a
 * half-written dist/.
 */
describe('the bundled service (npm run build:server)', () => {
  let project: string;
  let dataDir: string;
  let trace: string;
  let child: import('node:child_process').ChildProcess | undefined;
  let url: string;
  let output = '';
  let bundle: Awaited<ReturnType<typeof buildServer>>;

  beforeAll(async () => {
    project = mkdtempSync(path.join(tmpdir(), 'tickler-build-'));
    dataDir = path.join(project, 'data');
    trace = path.join(project, 'loaded.txt');
    bundle = await buildServer(path.join(project, 'dist/src/cli'));
    mkdirSync(path.join(project, 'bin'));
    copyFileSync(path.join(ROOT, 'bin/tickler.js'), path.join(project, 'bin/tickler.js'));
    copyFileSync(path.join(ROOT, 'package.json'), path.join(project, 'package.json'));
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(project, 'node_modules'));
    symlinkSync(path.join(ROOT, 'prisma'), path.join(project, 'prisma'));
    // A module hook that writes down every module the process imports (specifier, then the file), to see
    // what start-up loads.
    writeFileSync(
      path.join(project, 'trace-hooks.mjs'),
      `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  appendFileSync(${JSON.stringify(trace)}, specifier + '\\t' + result.url + '\\n');
  return result;
}`,
    );
    writeFileSync(
      path.join(project, 'trace.mjs'),
      `import { register } from 'node:module';\nregister(${JSON.stringify(`file://${path.join(project, 'trace-hooks.mjs')}`)});`,
    );

    const { spawn } = await import('node:child_process');
    const started = spawn(process.execPath, ['--import', path.join(project, 'trace.mjs'), path.join(project, 'bin/tickler.js'), 'serve'], {
      cwd: project,
      env: {
        PATH: process.env.PATH,
        ...NO_RATE_LIMITS,
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        OPENAI_API_KEY: 'sk-not-used',
      },
    });
    child = started;
    url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the compiled service did not start:\n${output}`)), 60_000);
      started.stderr.on('data', (chunk) => (output += chunk));
      started.stdout.on('data', (chunk: Buffer) => {
        output += chunk;
        const line = output.split('\n').find((l) => l.includes('tickler is listening'));
        if (line) {
          clearTimeout(timer);
          resolve((JSON.parse(line) as { url: string }).url);
        }
      });
      started.on('exit', (code) => reject(new Error(`the compiled service exited with ${code}:\n${output}`)));
    });
  }, 240_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.on('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(project, { recursive: true, force: true });
  });

  it('starts from the bundle with no sources beside it, migrates a fresh database and serves the API to a token from the compiled CLI', async () => {
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    const { stdout } = await run(process.execPath, [path.join(project, 'bin/tickler.js'), 'token', '--user', 'alice'], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir },
    });
    const auth = { authorization: `Bearer ${stdout.trim()}` };
    const created = await fetch(`${url}/tasks`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Ship it' }),
    });
    expect(created.status).toBe(201);
    const listed = (await (await fetch(`${url}/tasks`, { headers: auth })).json()) as { title: string }[];
    expect(listed.map((task) => task.title)).toEqual(['Ship it']);
    // The bundle found prisma/ from its own folder: every migration is recorded as applied.
    const migrations = readdirSync(path.join(ROOT, 'prisma/sqlite/migrations'), { withFileTypes: true }).filter((e) => e.isDirectory());
    const db = new Database(path.join(dataDir, 'tickler.db'), { readonly: true });
    try {
      const applied = db.prepare('SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL ORDER BY 1').pluck().all();
      expect(applied).toEqual(migrations.map((e) => e.name).sort());
    } finally {
      db.close();
    }
  });

  it('runs the other commands from the bundle: --version finds package.json, backup copies the live database', async () => {
    const cli = (...args: string[]) => run(process.execPath, [path.join(project, 'bin/tickler.js'), ...args], { env: { PATH: process.env.PATH, DATA_DIR: dataDir } });
    const { version } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect((await cli('--version')).stdout).toBe(`tickler ${version}\n`);
    const copy = path.join(project, 'backup.db');
    await cli('backup', '--out', copy);
    const db = new Database(copy, { readonly: true });
    try {
      expect(db.prepare('SELECT count(*) FROM _prisma_migrations').pluck().get()).toBeGreaterThan(0);
    } finally {
      db.close();
    }
  });

  it('loads neither OCR (tesseract.js) nor the OpenAI SDK before the first capture that needs them', () => {
    const lines = readFileSync(trace, 'utf8').split('\n').filter(Boolean);
    const specifiers = new Set(lines.map((line) => line.split('\t')[0]));
    const files = new Set(lines.map((line) => line.split('\t')[1] ?? '').filter((url) => url.startsWith('file:')).map((url) => fileURLToPath(url)));
    // The hook sees what start-up does load (Fastify's chunk, the native SQLite driver), so an empty trace cannot pass.
    expect(files).toContain(outputHolding(bundle, /node_modules\/fastify\/fastify\.js$/));
    expect(specifiers).toContain('better-sqlite3');
    expect(specifiers).not.toContain('tesseract.js');
    expect(files).not.toContain(outputHolding(bundle, /node_modules\/openai\/client\.m?js$/));
  });

  it('bundles no package that finds its files through __dirname or __filename, which a bundle does not keep', () => {
    const offenders = new Set<string>();
    for (const file of Object.keys(bundle.metafile.outputs).filter((name) => name.endsWith('.js'))) {
      let source = '';
      for (const line of readFileSync(path.resolve(ROOT, file), 'utf8').split('\n')) {
        // esbuild heads each module's code with a comment naming its file.
        const heading = /^\/\/ (\S+\.[cm]?[jt]s)$/.exec(line);
        if (heading) source = packageOf(heading[1] ?? '');
        else if (/\b__(dirname|filename)\b/.test(line) && !DIRNAME_KNOWN.has(source)) offenders.add(source);
      }
    }
    expect([...offenders], 'make these external in scripts/build-server.mjs').toEqual([]);
  });
});

/**
 * Bundled modules that mention __dirname harmlessly: the generated Prisma clients set it (for Prisma's
 * runtime, which finds no file by it with the query compiler built in); pino and thread-stream only to
 * start transport workers, which Tickler's logger does not use; @fastify/swagger to read its package.json
 * for a document title Tickler sets itself (and it ignores a failed read).
 */
const DIRNAME_KNOWN = new Set(['src/generated', 'pino', 'thread-stream', '@fastify/swagger']);

/** The package a bundled module comes from, or src/generated for the Prisma clients. */
function packageOf(file: string): string {
  const dependency = /node_modules\/((@[^/]+\/)?[^/]+)\//.exec(file);
  if (dependency) return dependency[1] ?? file;
  return file.includes('src/generated/') ? 'src/generated' : file;
}

/** The bundle's file that holds the module matching input (its path in the build's metafile). */
function outputHolding(bundle: Awaited<ReturnType<typeof buildServer>>, input: RegExp): string {
  const [file] = Object.entries(bundle.metafile.outputs).find(([, output]) => Object.keys(output.inputs).some((name) => input.test(name))) ?? [];
  if (!file) throw new Error(`no bundled module matches ${input}`);
  return path.resolve(ROOT, file);
}
