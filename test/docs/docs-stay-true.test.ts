import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runTickler } from '../support/cli.js';
import { documentationFiles, headingAnchors, linkTargets, read } from './markdown.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Every environment variable src/config.ts reads: `env.NAME`, `env['NAME']` and `(env, 'NAME', …)`. */
function variablesReadByConfig(): Set<string> {
  const source = read(path.join(ROOT, 'src/config.ts'));
  const names = new Set<string>();
  for (const pattern of [/\benv\.([A-Z][A-Z0-9_]*)\b/g, /\benv\[\s*'([A-Z][A-Z0-9_]*)'\s*\]/g, /\(\s*env\s*,\s*'([A-Z][A-Z0-9_]*)'/g]) {
    for (const match of source.matchAll(pattern)) names.add(match[1] ?? '');
  }
  return names;
}

/** Rows of docs/configuration.md's tables: `| \`NAME\` | default | meaning |`. */
function documentedVariables(): Map<string, string> {
  const rows = new Map<string, string>();
  for (const match of read(path.join(ROOT, 'docs/configuration.md')).matchAll(/^\|\s*`([A-Z][A-Z0-9_]*)`\s*\|([^|]*)\|/gm)) {
    rows.set(match[1] ?? '', (match[2] ?? '').trim());
  }
  return rows;
}

function serviceSources(): string[] {
  return readdirSync(path.join(ROOT, 'src'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !file.includes(`${path.sep}generated${path.sep}`));
}

describe('docs/configuration.md and src/config.ts agree', () => {
  const readByConfig = variablesReadByConfig();
  const documented = documentedVariables();

  it('the scan finds the variables config.ts reads', () => {
    for (const name of ['PORT', 'DATABASE_URL', 'OPENAI_MODEL', 'WEBHOOK_TIMEOUT', 'NODE_ENV', 'LOG_FORMAT']) {
      expect(readByConfig).toContain(name);
    }
  });

  it('every variable config.ts reads is documented with its default', () => {
    const missing = [...readByConfig].filter((name) => !documented.has(name));
    expect(missing, 'read in src/config.ts but not in docs/configuration.md').toEqual([]);
    const withoutDefault = [...documented].filter(([, fallback]) => fallback === '').map(([name]) => name);
    expect(withoutDefault, 'every row needs its default ("unset" when there is none)').toEqual([]);
  });

  it('nothing is documented that config.ts does not read', () => {
    const stale = [...documented.keys()].filter((name) => !readByConfig.has(name));
    expect(stale, 'in docs/configuration.md but not read by src/config.ts').toEqual([]);
  });

  it('no other module of the service reads process.env', () => {
    const readers = serviceSources().filter((file) => /process\.env\b/.test(read(file)));
    expect(readers.map((file) => path.relative(ROOT, file))).toEqual(['src/config.ts']);
  });
});

describe('docs/cli.md covers the tickler command', () => {
  it('names every command and every flag the command line knows', async () => {
    const usage = (await runTickler([], {})).stderr;
    const commands = [...usage.matchAll(/^ {2}([a-z][a-z-]*)\b/gm)].map((match) => match[1] ?? '');
    const flags = [...new Set([...usage.matchAll(/(?<![\w-])--[a-z][a-z-]*/g)].map((match) => match[0]))];
    expect(commands.length, usage).toBeGreaterThanOrEqual(3);
    const cliDoc = read(path.join(ROOT, 'docs/cli.md'));
    expect(commands.filter((command) => !cliDoc.includes(`tickler ${command}`)), 'commands missing from docs/cli.md').toEqual([]);
    expect(flags.filter((flag) => !cliDoc.includes(flag)), 'flags missing from docs/cli.md').toEqual([]);
  });
});

describe('links in the README and docs/ resolve', () => {
  const files = documentationFiles(ROOT);

  it('finds the documentation (README, CONTRIBUTING, CHANGELOG and docs/)', () => {
    expect(files.map((file) => path.relative(ROOT, file))).toEqual(
      expect.arrayContaining(['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md', 'docs/configuration.md', 'docs/architecture.md']),
    );
  });

  it.each(files.map((file) => [path.relative(ROOT, file), file]))('every relative link and anchor in %s', (_name, file) => {
    const broken: string[] = [];
    for (const target of linkTargets(read(file))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      const [pathPart = '', anchor] = target.split('#');
      const resolved = pathPart === '' ? file : path.resolve(path.dirname(file), decodeURIComponent(pathPart));
      if (!existsSync(resolved)) {
        broken.push(`${target} (no such file)`);
        continue;
      }
      if (anchor !== undefined && resolved.endsWith('.md') && !headingAnchors(read(resolved)).has(anchor)) {
        broken.push(`${target} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });
});

describe('the README is a short front door', () => {
  it('stays under 150 lines and links every page in docs/', () => {
    const readme = read(path.join(ROOT, 'README.md'));
    expect(readme.split('\n').length).toBeLessThanOrEqual(150);
    const pages = readdirSync(path.join(ROOT, 'docs')).filter((name) => name.endsWith('.md'));
    const linked = new Set(linkTargets(readme).map((target) => target.split('#')[0]));
    expect(pages.filter((page) => !linked.has(`docs/${page}`))).toEqual([]);
  });
});
