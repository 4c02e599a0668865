import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type SerializerFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildSerializer'];
type Factory = NonNullable<SerializerFactory>;
type RouteCompiler = ReturnType<Factory>;

// Fastify's own default (fast-json-stringify), the version Fastify depends on, imported (not required
// at the first response) so that the production bundle holds it: loading it from node_modules was a
// tenth of the CPU time to the first /readyz answer.
let defaultFactory: Factory | undefined;
const fastifyDefault = (): Factory => (defaultFactory ??= SerializerSelector() as Factory);

/**
 * Fastify's default response serializers, each compiled on the first response that uses it instead of
 * at start-up (compiling them all was about a tenth of the CPU time to /readyz). Each route compiles
 * with every shared schema of its context, as the first route to compile would.
 */
export const buildLazySerializers: Factory = (externalSchemas, options) => {
  return ((routeSchema: Parameters<RouteCompiler>[0]) => {
    let serialize: ((data: unknown) => string) | undefined;
    return (data: unknown) => (serialize ??= fastifyDefault()(externalSchemas, options)(routeSchema))(data);
  }) as RouteCompiler;
};
