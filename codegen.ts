/**
 * What `npm run codegen` generates (scripts/codegen.ts runs it): the SDL of the schema built in
 * src/graphql, printed to schema/schema.graphql (committed; a test fails on drift), and typed documents
 * (GraphQL Code Generator's client preset) for every folder of operations listed here.
 */
export interface TypedDocumentsTarget {
  /** Folders whose .ts/.tsx files hold `graphql(\`…\`)` operations. */
  documents: string[];
  /** Folder the client preset writes into (ignored when looking for documents). */
  output: string;
  /** Scalar types as the client sees them. */
  scalars: Record<string, string>;
}

export const SCHEMA_FILE = 'schema/schema.graphql';

export const typedDocumentsTargets: TypedDocumentsTarget[] = [
  { documents: ['test/graphql'], output: 'test/graphql/generated/', scalars: { DateTime: 'string', ID: 'string', JSON: 'unknown' } },
];
