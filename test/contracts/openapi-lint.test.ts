import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = (name: string) => fileURLToPath(new URL(`../../node_modules/.bin/${name}`, import.meta.url));
const run = promisify(execFile);

/** Runs a linter from node_modules (offline: no telemetry, no update check); its output and exit code. */
async function lint(command: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(bin(command), args, {
      cwd: root,
      timeout: 120_000,
      maxBuffer: 16 * 1024 * 1024,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === 'number' ? failed.code : -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

describe('schema/openapi.json under the conformance linters', () => {
  it("passes Redocly's recommended rules with no error and no warning", async () => {
    const result = await lint('redocly', ['lint', '--format=json', 'schema/openapi.json']);
    const report = JSON.parse(result.stdout) as { totals: { errors: number; warnings: number }; problems: Array<{ ruleId: string; message: string }> };
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    expect(result.code).toBe(0);
  }, 150_000);

  it("passes Spectral's OpenAPI ruleset (spectral:oas) with no error, warning or hint", async () => {
    const result = await lint('spectral', ['lint', '--ruleset', '.spectral.yaml', '--format', 'json', '--fail-severity', 'hint', '--quiet', 'schema/openapi.json']);
    const results = result.stdout.trim() === '' ? [] : (JSON.parse(result.stdout) as Array<{ code: string; message: string; path: string[] }>);
    expect(results.map((r) => `${r.code} at ${r.path.join('.')}: ${r.message}`)).toEqual([]);
    expect(result.code, result.stderr).toBe(0);
  }, 150_000);

  it('has no request body that reaches a shared schema with a default (generators would make that field required)', () => {
    type Node = Record<string, unknown>;
    const document = JSON.parse(readFileSync(new URL('../../schema/openapi.json', import.meta.url), 'utf8')) as Node;
    const schemas = ((document.components as Node).schemas ?? {}) as Record<string, Node>;
    const withDefaults = (schema: Node | undefined, seen = new Set<string>()): string[] => {
      if (!schema || typeof schema !== 'object') return [];
      const found: string[] = [];
      for (const [key, value] of Object.entries(schema)) {
        if (key === '$ref' && typeof value === 'string') {
          const name = value.replace('#/components/schemas/', '');
          if (seen.has(name)) continue;
          seen.add(name);
          const target = schemas[name];
          for (const [field, property] of Object.entries((target?.properties ?? {}) as Record<string, Node>)) {
            if ('default' in property) found.push(`${name}.${field}`);
          }
          found.push(...withDefaults(target, seen));
        } else if (value && typeof value === 'object') {
          found.push(...withDefaults(value as Node, seen));
        }
      }
      return found;
    };
    const offenders: string[] = [];
    for (const [path, operations] of Object.entries(document.paths as Record<string, Record<string, Node>>)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const found of withDefaults(operation.requestBody as Node | undefined)) offenders.push(`${method.toUpperCase()} ${path}: ${found}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
