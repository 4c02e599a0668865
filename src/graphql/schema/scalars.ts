import { GraphQLError, Kind } from 'graphql';
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
