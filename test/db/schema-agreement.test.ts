import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseProvider } from '../../src/config.js';
import { openDatabase, type Database as TicklerDatabase } from '../../src/db/database.js';
import { applyMigrations } from '../../src/db/migrate.js';
import { sqliteFilePath } from '../../src/db/migrate-sqlite.js';
import { derivePostgresSchema } from '../../scripts/derive-postgres-schema.js';
import { readPrismaSchema, type SchemaField, type SchemaModel } from '../support/prisma-schema.js';
import { createPostgresDatabase, type TestPostgresDatabase } from '../support/postgres.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Tables the migrations create for components outside Prisma's schema (none yet besides Prisma's own). */
const NON_PRISMA_TABLES = new Set(['_prisma_migrations']);

const schemaFile = (provider: DatabaseProvider) => new URL(`../../prisma/${provider}/schema.prisma`, import.meta.url);

interface Column {
  table: string;
  column: string;
  notNull: boolean;
}

async function introspect(provider: DatabaseProvider, url: string): Promise<Column[]> {
  if (provider === 'sqlite') {
    const db = new Database(sqliteFilePath(url), { readonly: true });
    try {
      const tables = db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        .all() as Array<{ name: string }>;
      return tables.flatMap(({ name }) =>
        (db.prepare(`PRAGMA table_info("${name}")`).all() as Array<{ name: string; notnull: number; pk: number }>).map(
          (column) => ({ table: name, column: column.name, notNull: column.notnull === 1 || column.pk === 1 }),
        ),
      );
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ table_name: string; column_name: string; is_nullable: string }>(
      "SELECT table_name, column_name, is_nullable FROM information_schema.columns WHERE table_schema = 'public'",
    );
    return rows.map((row) => ({ table: row.table_name, column: row.column_name, notNull: row.is_nullable === 'NO' }));
  } finally {
    await client.end();
  }
}

/** Columns a CHECK constraint keeps to a few values: the samples are taken from those. */
const CHECKED_VALUES: Record<string, readonly string[]> = {
  'Task.priority': ['medium', 'urgent'],
  'ListMember.role': ['editor', 'viewer'],
  'ListInvitation.role': ['editor', 'viewer'],
};

function sampleValue(model: SchemaModel, field: SchemaField, variant: number): unknown {
  const checked = CHECKED_VALUES[`${model.name}.${field.name}`];
  if (checked) return checked[variant % checked.length];
  switch (field.type) {
    case 'String':
      return `${field.name}-${variant}-é☕`;
    case 'Int':
      return 40 + variant;
    case 'BigInt':
      // Beyond 2^53: proves the column keeps a full int64.
      return 9007199254740993n + BigInt(variant);
    case 'Float':
      return 1.5 + variant;
    case 'Boolean':
      return variant % 2 === 0;
    case 'DateTime':
      return new Date(Date.UTC(2026, 10, 21, 10, 11, 12, 345) + variant * 60_000);
    case 'Json':
      return { variant, nested: ['x'] };
    default:
      throw new Error(`no sample value for ${field.type}`);
  }
}

/** Orders models so that every model comes after the models its foreign keys point at. */
function parentsFirst(models: SchemaModel[]): SchemaModel[] {
  const ordered: SchemaModel[] = [];
  const visit = (model: SchemaModel) => {
    if (ordered.includes(model)) return;
    for (const field of model.scalars) {
      const parent = models.find((m) => m.name === field.references?.model);
      if (parent && parent !== model) visit(parent);
    }
    ordered.push(model);
  };
  models.forEach(visit);
  return ordered;
}

/**
 * Models whose rows database triggers write for the rows of other models (caldav_sync and caldav_changes
 * follow lists and tasks): their samples take other keys, so they do not meet the rows already made.
 */
const KEPT_BY_TRIGGERS = new Set(['CaldavSync', 'CaldavChange']);

const delegateName = (model: string) => model[0]!.toLowerCase() + model.slice(1);

describe('the PostgreSQL schema is derived from the SQLite one', () => {
  it('prisma/postgresql/schema.prisma equals the derivation of prisma/sqlite/schema.prisma (run `npm run generate`)', () => {
    const canonical = readFileSync(schemaFile('sqlite'), 'utf8');
    expect(readFileSync(schemaFile('postgresql'), 'utf8')).toBe(derivePostgresSchema(canonical));
  });
});

describe.each(['sqlite', 'postgresql'] as const)('migrations and schema.prisma agree on %s', (provider) => {
  let url: string;
  let postgres: TestPostgresDatabase | undefined;
  let dataDir: string;
  let database: TicklerDatabase;
  const models = readPrismaSchema(schemaFile(provider).pathname);

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'tickler-schema-'));
    postgres = provider === 'postgresql' ? await createPostgresDatabase() : undefined;
    url = postgres?.url ?? `file:${path.join(dataDir, 'agreement.db')}`;
    await applyMigrations({ provider, url });
    database = await openDatabase({ provider, url });
  });
  afterAll(async () => {
    await database?.close();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('has exactly the tables and columns of the schema, with the same nullability', async () => {
    const columns = (await introspect(provider, url)).filter((c) => !NON_PRISMA_TABLES.has(c.table));
    const actual = columns.map((c) => `${c.table}.${c.column}${c.notNull ? '' : '?'}`).sort();
    const expected = models
      .flatMap((model) => model.scalars.map((f) => `${model.table}.${f.column}${f.required ? '' : '?'}`))
      .sort();
    expect(actual).toEqual(expected);
  });

  it('writes and reads back every field of every model through the Prisma client', async () => {
    const created = new Map<string, Record<string, unknown>>();
    const client = database.db as unknown as Record<string, {
      create(args: { data: Record<string, unknown> }): Promise<Record<string, unknown>>;
      update(args: { where: Record<string, unknown>; data: Record<string, unknown> }): Promise<Record<string, unknown>>;
      findUniqueOrThrow(args: { where: Record<string, unknown> }): Promise<Record<string, unknown>>;
    }>;
    for (const model of parentsFirst(models)) {
      const data: Record<string, unknown> = {};
      for (const field of model.scalars) {
        const parent = field.references && created.get(field.references.model);
        data[field.name] = parent ? parent[field.references!.field] : sampleValue(model, field, KEPT_BY_TRIGGERS.has(model.name) ? 7 : 1);
      }
      const delegate = client[delegateName(model.name)]!;
      // A compound primary key (@@id([a, b])) is named a_b in Prisma's where.
      const idFields = model.scalars.filter((f) => f.isId);
      await delegate.create({ data });
      const where =
        idFields.length === 1
          ? { [idFields[0]!.name]: data[idFields[0]!.name] }
          : { [idFields.map((f) => f.name).join('_')]: Object.fromEntries(idFields.map((f) => [f.name, data[f.name]])) };
      expect(await delegate.findUniqueOrThrow({ where })).toEqual(data);

      const changes: Record<string, unknown> = {};
      for (const field of model.scalars) {
        if (!field.isId && !field.references) changes[field.name] = sampleValue(model, field, 2);
      }
      await delegate.update({ where, data: changes });
      expect(await delegate.findUniqueOrThrow({ where })).toEqual({ ...data, ...changes });

      const nullable = model.scalars.filter((f) => !f.required);
      if (nullable.length > 0) {
        await delegate.update({ where, data: Object.fromEntries(nullable.map((f) => [f.name, null])) });
        const cleared = await delegate.findUniqueOrThrow({ where });
        for (const field of nullable) expect(cleared[field.name]).toBeNull();
      }
      created.set(model.name, data);
    }
    expect([...created.keys()].sort()).toEqual(models.map((m) => m.name).sort());
  });
});
