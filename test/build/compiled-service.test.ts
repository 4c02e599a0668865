import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_RATE_LIMITS } from '../support/no-rate-limits.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);

/**
 * The production build as the image holds it: `tsc -p tsconfig.build.json` into a scratch project that has
 * dist/, bin/, prisma/ and node_modules/ but no src/, so bin/tickler.js can only succeed by running
 * compiled JavaScript. Built outside the checkout so that tests running beside this one never see a
 * half-written dist/.
 */
describe('the compiled service (npm run build:server)', () => {
  let project: string;
  let dataDir: string;
  let trace: string;
  let child: import('node:child_process').ChildProcess | undefined;
  let url: string;
  let output = '';

  beforeAll(async () => {
    project = mkdtempSync(path.join(tmpdir(), 'tickler-build-'));
    dataDir = path.join(project, 'data');
    trace = path.join(project, 'loaded.txt');
    await run(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', path.join(ROOT, 'tsconfig.build.json'), '--outDir', path.join(project, 'dist')], {
      cwd: ROOT,
    });
    mkdirSync(path.join(project, 'bin'));
    copyFileSync(path.join(ROOT, 'bin/tickler.js'), path.join(project, 'bin/tickler.js'));
    copyFileSync(path.join(ROOT, 'package.json'), path.join(project, 'package.json'));
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(project, 'node_modules'));
    symlinkSync(path.join(ROOT, 'prisma'), path.join(project, 'prisma'));
    // A module hook that writes down every bare package the process imports, to see what start-up loads.
    writeFileSync(
      path.join(project, 'trace-hooks.mjs'),
      `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  if (!specifier.startsWith('.') && !specifier.startsWith('/') && !specifier.includes(':')) appendFileSync(${JSON.stringify(trace)}, specifier + '\\n');
  return next(specifier, context);
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

  it('starts from dist/ with no sources beside it, and serves the API to a token from the compiled CLI', async () => {
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
  });

  it('loads neither OCR (tesseract.js) nor the OpenAI SDK before the first capture that needs them', () => {
    const loaded = new Set(readFileSync(trace, 'utf8').split('\n'));
    // The hook sees what start-up does load, so an empty trace cannot pass.
    expect(loaded).toContain('fastify');
    expect(loaded).toContain('@prisma/adapter-better-sqlite3');
    expect(loaded).not.toContain('tesseract.js');
    expect(loaded).not.toContain('openai');
  });
});
