/**
 * `npm run generate`: re-derives the PostgreSQL schema from the canonical one and generates both
 * Prisma clients. `--clients-only` (used on install) skips the derivation and uses the committed files.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { derivePostgresSchema } from './derive-postgres-schema.js';

const SQLITE_SCHEMA = 'prisma/sqlite/schema.prisma';
const POSTGRES_SCHEMA = 'prisma/postgresql/schema.prisma';

if (!process.argv.includes('--clients-only')) {
  writeFileSync(POSTGRES_SCHEMA, derivePostgresSchema(readFileSync(SQLITE_SCHEMA, 'utf8')));
}

const env = { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? '/bin/true' };
for (const schema of [SQLITE_SCHEMA, POSTGRES_SCHEMA]) {
  execFileSync(process.execPath, ['node_modules/prisma/build/index.js', 'generate', '--schema', schema], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}
