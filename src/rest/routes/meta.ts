import type { FastifyInstance } from 'fastify';
import type { JWK } from 'jose';

export interface MetaDeps {
  /** The local issuer's public keys; empty in OIDC mode. */
  publicKeys: JWK[];
}

/** Public documents: the OpenAPI description and the local issuer's key set. */
export function metaRoutes(deps: MetaDeps) {
  return async (app: FastifyInstance) => {
    app.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
    app.get('/.well-known/jwks.json', { config: { public: true }, schema: { hide: true } }, async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=300').send({ keys: deps.publicKeys }),
    );
  };
}
