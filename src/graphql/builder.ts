import SchemaBuilder from '@pothos/core';
import ComplexityPlugin from '@pothos/plugin-complexity';
import PrismaPlugin from '@pothos/plugin-prisma';
import RelayPlugin from '@pothos/plugin-relay';
import type { Db } from '../db/database.js';
import { queryTooComplex } from '../errors.js';
import type PrismaTypes from '../generated/pothos-types.js';
import { getDatamodel } from '../generated/pothos-types.js';
import type { GraphqlContext, UploadedFile } from './graphql-context.js';

/** Limits every operation is checked against before any resolver runs. */
export const GRAPHQL_LIMITS = { depth: 8, breadth: 200, complexity: 10_000 } as const;

/**
 * The schema builder; it defines no types (see schema/). Plugins: prisma (types from the Prisma models,
 * relations loaded in batches), relay (cursor connections) and complexity (depth, breadth, cost).
 */
export const builder = new SchemaBuilder<{
  Context: GraphqlContext;
  PrismaTypes: PrismaTypes;
  Scalars: {
    ID: { Input: string; Output: string };
    /** Output: a Date. Input: the RFC 3339 text, validated by the services like REST input. */
    DateTime: { Input: string; Output: Date };
    /** A file part of a GraphQL multipart request (input only). */
    File: { Input: UploadedFile; Output: never };
    /** Any JSON value, passed through as it is (the services validate what they read of it). */
    JSON: { Input: unknown; Output: unknown };
  };
  Connection: { totalCount: () => Promise<number> };
  DefaultEdgesNullability: false;
  DefaultNodeNullability: false;
  // Fields are non-null unless they say so; root fields that can fail on input are nullable.
  DefaultFieldNullability: false;
}>({
  defaultFieldNullability: false,
  plugins: [PrismaPlugin, RelayPlugin, ComplexityPlugin],
  prisma: {
    // Every resolver passes the request's own client through its service context; this one is only
    // used by the plugin for relation fields the parent query did not load (batched per request).
    client: (ctx) => ctx.caller.db as unknown as Db,
    dmmf: getDatamodel(),
    filterConnectionTotalCount: true,
    onUnusedQuery: null,
  },
  relay: {
    cursorType: 'String',
    nodeQueryOptions: false,
    nodesQueryOptions: false,
    edgesFieldOptions: { nullable: false, complexity: { field: 0, multiplier: 1 } },
    nodeFieldOptions: { nullable: false },
  },
  complexity: {
    defaultComplexity: 1,
    defaultListMultiplier: 10,
    limit: GRAPHQL_LIMITS,
    complexityError: (_kind, result) => {
      const over =
        result.depth > GRAPHQL_LIMITS.depth
          ? `depth ${result.depth} is over the limit of ${GRAPHQL_LIMITS.depth}`
          : result.breadth > GRAPHQL_LIMITS.breadth
            ? `${result.breadth} selected fields are over the limit of ${GRAPHQL_LIMITS.breadth}`
            : `cost ${result.complexity} is over the limit of ${GRAPHQL_LIMITS.complexity}`;
      return queryTooComplex(`The operation is too expensive: ${over}`);
    },
  },
});

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});
