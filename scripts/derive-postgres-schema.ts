/**
 * Derives prisma/postgresql/schema.prisma from the canonical SQLite schema, so the two never drift:
 * same models, PostgreSQL provider, its own client output, and instants stored as timestamptz.
 */
export function derivePostgresSchema(sqliteSchema: string): string {
  return sqliteSchema
    .replace(
      /^\/\/ Canonical schema\..*\n(\/\/.*\n)*/m,
      '// GENERATED from prisma/sqlite/schema.prisma by scripts/derive-postgres-schema.ts. Do not edit.\n',
    )
    // The Pothos types are generated once, from the canonical schema; both clients share the model API.
    .replace(/\n(\/\/[^\n]*\n)*generator pothos \{[^}]*\}\n/, '')
    .replace(/provider(\s*)= "sqlite"/, 'provider$1= "postgresql"')
    .replace('output                 = "../../src/generated/sqlite"', 'output                 = "../../src/generated/postgresql"')
    .replace(/^(\s+\w+\s+DateTime\??)([^\n]*)$/gm, (_line, head: string, rest: string) =>
      rest.includes('@db.') ? `${head}${rest}` : `${head}${rest} @db.Timestamptz(3)`.replace(/\s+@db/, ' @db'),
    );
}
