import { readFileSync } from 'node:fs';
import { printSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/graphql/schema/index.js';

describe('GraphQL schema file', () => {
  it('committed schema/schema.graphql is the SDL of the schema built in src/graphql (run `npm run codegen`)', () => {
    const committed = readFileSync(new URL('../../schema/schema.graphql', import.meta.url), 'utf8');
    expect(committed.trimEnd()).toBe(printSchema(schema).trimEnd());
  });
});
