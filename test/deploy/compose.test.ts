import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * deploy/compose.yaml cannot run here (no image can be pulled), so this checks what can be checked: it
 * parses, the Tickler services set only variables src/config.ts reads, and ports, health checks, data
 * volume and proxy upstreams agree with the Dockerfile and the Caddyfile.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

interface Service {
  build?: string;
  image?: string;
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  volumes?: string[];
  ports?: string[];
  depends_on?: Record<string, { condition: string }>;
}
interface Compose {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
}

/** Compose's own interpolation of `${NAME}` and `${NAME:?message}`, with the values of deploy/example.env. */
function interpolate(text: string, values: Record<string, string>): string {
  return text.replace(/\$\{(\w+)(?::?[?-][^}]*)?\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`compose.yaml uses \${${name}}, which deploy/example.env does not set`);
    return value;
  });
}
const exampleEnv = Object.fromEntries(
  read('deploy/example.env')
    .split('\n')
    .filter((line) => /^\w+=/.test(line))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
);
const compose = parse(interpolate(read('deploy/compose.yaml'), exampleEnv), { merge: true }) as Compose;
const dockerfile = read('Dockerfile');
const caddyfile = read('deploy/Caddyfile');
const config = read('src/config.ts');

const runtimeStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
const exposed = Number(/^EXPOSE (\d+)$/m.exec(runtimeStage)?.[1]);
const dataVolume = /^VOLUME \["([^"]+)"\]$/m.exec(runtimeStage)?.[1];
const imageHealthcheck = /^HEALTHCHECK [^\n]*\\\n\s*CMD (\[.*\])$/m.exec(runtimeStage)?.[1] ?? '';
const ticklers = Object.entries(compose.services).filter(([, service]) => service.build !== undefined);

/** The variables src/config.ts reads: `env.NAME` or a quoted NAME handed to one of its readers. */
function knownToConfig(name: string): boolean {
  return config.includes(`env.${name}`) || config.includes(`env, '${name}'`) || config.includes(`env['${name}']`);
}

describe('deploy/compose.yaml', () => {
  it('runs three Tickler instances built from the top-level Dockerfile', () => {
    expect(ticklers.map(([name]) => name)).toEqual(['tickler-1', 'tickler-2', 'tickler-3']);
    for (const [, service] of ticklers) expect(service.build).toBe('..');
  });

  it('sets only environment variables that src/config.ts reads', () => {
    const unknown = ticklers.flatMap(([name, service]) =>
      Object.keys(service.environment ?? {})
        .filter((variable) => !knownToConfig(variable))
        .map((variable) => `${name}: ${variable}`),
    );
    expect(unknown).toEqual([]);
    // The checker itself: a made-up name is not known, the ones the image sets are.
    expect(knownToConfig('TICKLER_NOT_A_SETTING')).toBe(false);
    for (const variable of ['HOST', 'PORT', 'DATA_DIR', 'NODE_ENV']) expect(knownToConfig(variable), variable).toBe(true);
  });

  it('shares PostgreSQL and Redis between the instances, started healthy first', () => {
    for (const [name, service] of ticklers) {
      const env = service.environment ?? {};
      expect(new URL(env.DATABASE_URL ?? '').hostname, name).toBe('postgres');
      expect(new URL(env.REDIS_URL ?? '').hostname, name).toBe('redis');
      // Caddy is exactly one hop away: `true` would believe any client's X-Forwarded-For (rate-limit spoofing).
      expect(env.TRUST_PROXY, name).toBe('1');
      expect(env.PUBLIC_URL, name).toMatch(/^https:\/\//);
      expect(service.depends_on, name).toEqual({ postgres: { condition: 'service_healthy' }, redis: { condition: 'service_healthy' } });
    }
    expect(compose.services.postgres?.healthcheck?.test).toContain('pg_isready');
    expect(compose.services.redis?.healthcheck?.test).toContain('ping');
  });

  it("checks each instance's health the way the image does: /readyz on the port the Dockerfile exposes", () => {
    expect(exposed).toBe(3000);
    expect(imageHealthcheck).toContain('/readyz');
    for (const [name, service] of ticklers) {
      const test = service.healthcheck?.test.join(' ') ?? '';
      expect(test, name).toContain(`http://127.0.0.1:${exposed}/readyz`);
      // Instances are reached only through the proxy.
      expect(service.ports, name).toBeUndefined();
    }
  });

  it("keeps each instance's data in its own volume at the image's DATA_DIR, and the signing key in one shared volume", () => {
    expect(dataVolume).toBe('/data');
    expect(runtimeStage).toMatch(/DATA_DIR=\/data\b/);
    const dataVolumes = ticklers.map(([, service]) => service.volumes?.find((volume) => volume.endsWith(`:${dataVolume}`)));
    expect(new Set(dataVolumes).size).toBe(3);
    for (const [name, service] of ticklers) expect(service.volumes, name).toContain(`tickler-keys:${dataVolume}/keys`);
    const named = Object.values(compose.services).flatMap((service) => (service.volumes ?? []).map((v) => v.split(':')[0] ?? ''));
    for (const volume of named.filter((v) => !v.startsWith('.'))) expect(Object.keys(compose.volumes), volume).toContain(volume);
  });

  it('has Caddy terminate TLS and balance across exactly those instances, probing /readyz', () => {
    const caddy = compose.services.caddy;
    expect(caddy?.ports).toEqual(expect.arrayContaining(['80:80', '443:443']));
    expect(caddy?.volumes).toContain('./Caddyfile:/etc/caddy/Caddyfile:ro');
    const upstreams = /reverse_proxy ([^{\n]+)\{/.exec(caddyfile)?.[1]?.trim().split(/\s+/);
    expect(upstreams).toEqual(ticklers.map(([name]) => `${name}:${exposed}`));
    expect(caddyfile).toMatch(/health_uri \/readyz/);
    expect(Object.keys(caddy?.depends_on ?? {})).toEqual(ticklers.map(([name]) => name));
  });
});
