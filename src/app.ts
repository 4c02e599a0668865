import { randomUUID } from 'node:crypto';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { AnySchema } from 'ajv';
import type { Logger as PinoLogger } from 'pino';
import { registerRestApi, type RestApiDeps } from './rest/rest-api.js';
import { registerGraphql, type GraphqlDeps } from './graphql/register-graphql.js';
import { openApiOptions } from './rest/openapi.js';
import { createValidatorCompiler } from './rest/validator-compiler.js';

export const BODY_LIMIT_BYTES = 64 * 1024;

export interface AppDeps extends RestApiDeps {
  logger: PinoLogger;
  /** Mounts GraphQL at /graphql (absent when only the REST document is wanted, e.g. for OpenAPI). */
  graphql?: Pick<GraphqlDeps, 'events' | 'graphiql'>;
}

type ValidatorFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>['buildValidator'];

const REQUEST_ID = /^[\w\-.:]{1,128}$/;

/** Builds the HTTP host (not listening): REST routes and the OpenAPI document. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    bodyLimit: BODY_LIMIT_BYTES,
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { maxParamLength: 200 },
    schemaController: {
      compilersFactory: {
        // Receives the schemas added with addSchema, so routes can reference them by $id.
        buildValidator: ((sharedSchemas: Record<string, AnySchema>) =>
          createValidatorCompiler(sharedSchemas)) as unknown as ValidatorFactory,
      },
    },
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  await app.register(fastifySwagger, openApiOptions);
  await registerRestApi(app, deps);
  if (deps.graphql) {
    await registerGraphql(app, { ...deps, ...deps.graphql, maxPayloadBytes: BODY_LIMIT_BYTES });
  }
  return app;
}
