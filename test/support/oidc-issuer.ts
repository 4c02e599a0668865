import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { errors } from 'oidc-provider';

export interface TestIssuer {
  /** The issuer URL (no trailing slash), as AUTH_ISSUER must name it. */
  url: string;
  /** Registers the web app's public client for the app at `appOrigin` and starts answering. */
  serve(options: { appOrigin: string; clientId: string; audience: string; accessTokenTtlSeconds?: number }): Promise<void>;
  /** Every token request (grant type) the issuer answered, in order. */
  grants: string[];
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (panva's oidc-provider) on loopback: the web app signs in there as a
 * public client with PKCE; its dev login form takes any name, and access tokens for the audience are
 * JWTs (RFC 8707 resource indicator). It listens before it is configured (the app's origin is known
 * only once the service runs) and answers 503 until `serve` is called.
 */
export async function startTestIssuer(): Promise<TestIssuer> {
  let handler: ((request: IncomingMessage, response: ServerResponse) => void) | undefined;
  const grants: string[] = [];
  const server = createServer((request, response) => {
    if (!handler) {
      response.statusCode = 503;
      response.end();
      return;
    }
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    grants,
    async serve({ appOrigin, clientId, audience, accessTokenTtlSeconds = 600 }) {
      const { privateKey } = await generateKeyPair('RS256', { extractable: true });
      const key = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
      const provider = new Provider(url, {
        clients: [
          {
            client_id: clientId,
            token_endpoint_auth_method: 'none',
            redirect_uris: [`${appOrigin}/login`],
            grant_types: ['authorization_code', 'refresh_token'],
            response_types: ['code'],
          },
        ],
        jwks: { keys: [key] },
        ttl: { AccessToken: accessTokenTtlSeconds, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Grant: 3600, Session: 3600, RefreshToken: 86_400 },
        findAccount: (_ctx, id) => ({ accountId: id, claims: () => ({ sub: id }) }),
        features: {
          devInteractions: { enabled: true },
          resourceIndicators: {
            enabled: true,
            defaultResource: () => audience,
            useGrantedResource: () => true,
            getResourceServerInfo: (_ctx, resource) => {
              if (resource !== audience) throw new errors.InvalidTarget();
              return { scope: '', audience, accessTokenFormat: 'jwt', accessTokenTTL: accessTokenTtlSeconds, jwt: { sign: { alg: 'RS256' } } };
            },
          },
        },
        // Public client from the app's origin only (the default, said explicitly so it does not warn).
        clientBasedCORS: (_ctx, origin, client) => client.redirectUris?.some((uri) => new URL(uri).origin === origin) ?? false,
      });
      provider.on('grant.success', (ctx) => grants.push(String(ctx.oidc.params?.grant_type)));
      handler = provider.callback();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
