/**
 * GraphQL Code Generator (`npm run codegen`): prints the schema built in src/graphql to
 * schema/schema.graphql (committed; a test fails on drift) and writes typed documents for the tests'
 * operations (client preset) to test/graphql/generated/.
 */
import type { CodegenConfig } from '@graphql-codegen/cli';
import { printSchema } from 'graphql';
import { schema } from './src/graphql/schema/index.js';

const config: CodegenConfig = {
  schema: printSchema(schema),
  documents: ['test/graphql/**/*.ts', '!test/graphql/generated/**'],
  ignoreNoDocuments: false,
  // Relative imports with .js, as NodeNext resolution requires.
  emitLegacyCommonJSImports: false,
  generates: {
    'schema/schema.graphql': {
      plugins: ['schema-ast'],
      config: { includeDirectives: false, sort: false },
    },
    'test/graphql/generated/': {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        scalars: { DateTime: 'string', ID: 'string' },
      },
    },
  },
};

export default config;
