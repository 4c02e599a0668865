import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../support/test-service.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * A client as its authors would write it: types generated from the committed document, openapi-fetch
 * for the calls. The @ts-expect-error lines prove the types refuse what the service refuses (tsc fails
 * when such a line compiles); `{ title }` alone must compile, since every other field is optional.
 */
const CLIENT_SOURCE = `
import createClient from 'openapi-fetch';
import type { components, paths } from './api.js';

type Task = components['schemas']['Task'];
type ErrorBody = components['schemas']['Error'];

export async function run(baseUrl: string, token: string) {
  const client = createClient<paths>({ baseUrl, headers: { authorization: 'Bearer ' + token } });
  const refused = () => {
    // @ts-expect-error a title is required
    void client.POST('/tasks', { body: { description: 'no title' } });
    // @ts-expect-error priority is one of low, medium, high, urgent
    void client.POST('/tasks', { body: { title: 'x', priority: 'p1' } });
    // @ts-expect-error status is pending, completed or all
    void client.GET('/tasks', { params: { query: { status: 'done' } } });
  };
  void refused;
  const created = await client.POST('/tasks', { body: { title: 'Typed client task' } });
  if (!created.data) throw new Error('create failed: ' + JSON.stringify(created.error));
  const task: Task = created.data;
  const detailed = await client.POST('/tasks', {
    body: { title: 'Detailed', description: 'd', priority: 'high', dueAt: '2030-01-02T03:04:05Z', remindBefore: 10 },
  });
  const pending = await client.GET('/tasks', { params: { query: { status: 'pending', limit: 50 } } });
  const completed = await client.DELETE('/tasks/{id}', { params: { path: { id: task.id } } });
  const done = await client.GET('/tasks', { params: { query: { status: 'completed' } } });
  const missing = await client.DELETE('/tasks/{id}', { params: { path: { id: 987654321 } } });
  const missingError: ErrorBody | undefined = missing.error;
  return {
    created: task,
    detailed: detailed.data,
    pendingTitles: (pending.data ?? []).map((t: Task) => t.title),
    completedStatus: completed.response.status,
    doneIds: (done.data ?? []).map((t: Task) => t.id),
    missingStatus: missing.response.status,
    missingError,
  };
}
`;

describe('a client generated from schema/openapi.json (openapi-typescript + openapi-fetch)', () => {
  let service: TestService;
  let dir: string;
  beforeAll(async () => {
    service = await startTestService('sqlite');
    // Inside the project, so the client resolves openapi-fetch from its node_modules.
    dir = mkdtempSync(path.join(root, 'node_modules', '.openapi-client-'));
  });
  afterAll(async () => {
    await service?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('compiles with tsc under strict settings, then creates, lists and completes a task against the running service', async () => {
    const document = readFileSync(path.join(root, 'schema/openapi.json'), 'utf8');
    writeFileSync(path.join(dir, 'api.d.ts'), astToString(await openapiTS(document)));
    writeFileSync(path.join(dir, 'client.ts'), CLIENT_SOURCE);
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
    const compilerOptions = {
      strict: true,
      exactOptionalPropertyTypes: true,
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      target: 'ES2022',
      lib: ['ES2022', 'DOM'],
      types: [],
      skipLibCheck: true,
      outDir: '.',
    };
    writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['client.ts'] }));
    const tsc = await promisify(execFile)(path.join(root, 'node_modules/.bin/tsc'), ['-p', dir], { cwd: dir, timeout: 120_000 }).then(
      () => '',
      (error: { stdout?: string; message: string }) => error.stdout || error.message,
    );
    expect(tsc).toBe('');

    const client = (await import(pathToFileURL(path.join(dir, 'client.js')).href)) as {
      run(baseUrl: string, token: string): Promise<Record<string, any>>;
    };
    const result = await client.run(service.url, await service.token('typed-client'));
    expect(result.created).toMatchObject({ title: 'Typed client task', description: '', priority: 'low', status: 'pending', dueAt: null });
    expect(result.detailed).toMatchObject({ priority: 'high', dueAt: '2030-01-02T03:04:05.000Z', remindBefore: 10 });
    expect(result.pendingTitles).toEqual(['Detailed', 'Typed client task']);
    expect(result.completedStatus).toBe(204);
    expect(result.doneIds).toEqual([result.created.id]);
    expect(result.missingStatus).toBe(404);
    expect(result.missingError).toEqual({ error: 404, message: expect.any(String) });
  }, 180_000);
});
