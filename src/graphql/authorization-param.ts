/**
 * The credential in graphql-ws connectionParams. Clients copy it from their HTTP headers, so its key is
 * read case-insensitively (`authorization`, `Authorization`, ...). Two keys with different values are
 * ambiguous: no credential is taken, and the connection is refused as unauthenticated.
 */
export function authorizationParam(params: Readonly<Record<string, unknown>> | undefined | null): unknown {
  if (!params || typeof params !== 'object') return undefined;
  const values = Object.entries(params)
    .filter(([key]) => key.toLowerCase() === 'authorization')
    .map(([, value]) => value);
  if (values.length === 0) return undefined;
  return values.every((value) => value === values[0]) ? values[0] : null;
}
