import { GraphQLError, Kind, valueFromASTUntyped } from 'graphql';
import type { UploadedFile } from '../graphql-context.js';
import { builder } from '../builder.js';

builder.scalarType('DateTime', {
  description: 'An instant as RFC 3339 text: always UTC with milliseconds on output; Z or a numeric offset on input.',
  serialize: (value) => value.toISOString(),
  // Only the type is checked here; the services validate the text exactly as REST input is validated.
  parseValue: (value) => {
    if (typeof value !== 'string') throw badDateTime();
    return value;
  },
  parseLiteral: (node) => {
    if (node.kind !== Kind.STRING) throw badDateTime();
    return node.value;
  },
});

function badDateTime() {
  return new GraphQLError('DateTime must be an RFC 3339 string', { extensions: { code: 'BAD_USER_INPUT' } });
}

const isUploadedFile = (value: unknown): value is UploadedFile =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as UploadedFile).arrayBuffer === 'function' &&
  typeof (value as UploadedFile).size === 'number';

function notAFile() {
  return new GraphQLError(
    'A File must be sent as a file part of a multipart/form-data request (the GraphQL multipart request spec)',
    { extensions: { code: 'BAD_USER_INPUT' } },
  );
}

builder.scalarType('File', {
  description:
    'A file upload (input only): send the operation as multipart/form-data following the GraphQL multipart request ' +
    'spec (`operations`, `map`, then the file parts), and set the variable to null in `operations`.',
  serialize: () => {
    throw new GraphQLError('File is an input-only type');
  },
  parseValue: (value) => {
    if (!isUploadedFile(value)) throw notAFile();
    return value;
  },
  parseLiteral: () => {
    throw notAFile();
  },
});

builder.scalarType('JSON', {
  description:
    'Any JSON value (object, array, string, number, boolean or null), passed as it is: as a variable, or written ' +
    'inline as a GraphQL value (objects and lists of literals).',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (node, variables) => valueFromASTUntyped(node, variables),
});
