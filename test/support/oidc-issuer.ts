import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import Provider, { errors, type ClientMetadata } from 'oidc-provider';

export interface ServeOptions {
  /** Every resource (RFC 8707 absolute URI) the issuer mints access tokens for; the first is the default. */
  audience: string | string[];
  /** With `clientId`: the web app's public client (Authorization Code + PKCE), redirecting to `${appOrigin}/login`. */
  appOrigin?: string;
  clientId?: string;
  accessTokenTtlSeconds?: number;
  /** The `iss` it names itself by; defaults to its own URL. Another issuer's URL makes an impostor. */
  issuer?: string;
}

export interface IssueOptions {
  /** Which resource the token is for (its `aud`); defaults to the first audience. */
  resource?: string;
  /**
   * Claims the issuer changes in the token before signing it, through oidc-provider's JWT access token
   * customizer (`undefined` removes one): for tokens no honest configuration would mint.
   */
  claims?: Record<string, unknown>;
}

export interface TestIssuer {
  /** The issuer URL (no trailing slash), as AUTH_ISSUER must name it. */
  url: string;
  /** Configures the issuer and starts answering (until then it answers 503). */
  serve(options: ServeOptions): Promise<void>;
  /**
   * An access token from the issuer's token endpoint (client credentials grant of a confidential test
   * client, so `sub` is that client's id unless `claims` says otherwise).
   */
  issueAccessToken(options?: IssueOptions): Promise<string>;
  /** Publishes a new signing key (before the old one, which stays) and signs with it from now on; its kid. */
  rotateKeys(): Promise<string>;
  /** Every token request (grant type) the issuer answered, in order. */
  grants: string[];
  /** How many times the key set (jwks_uri) was fetched. */
  jwksFetches(): number;
  close(): Promise<void>;
}

/** The confidential client the tests' own token requests use. */
export const TEST_MACHINE_CLIENT_ID = 'tickler-test-machine';
const TEST_MACHINE_SECRET = 'a-secret-only-the-tests-know';

async function newSigningKey(kid: string): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
}

/**
 * A real OpenID Connect provider (panva's oidc-provider) on loopback. The web app signs in there as a
 * public client with PKCE (its dev login form takes any name); tests get tokens from its token endpoint
 * with the client credentials grant. Access tokens for the audience are JWTs (RFC 8707 resource
 * indicators). It listens before it is configured (the app's origin is known only once the service
 * runs) and answers 503 until `serve` is called.
 */
export async function startTestIssuer(options: { port?: number } = {}): Promise<TestIssuer> {
  let handler: ((request: IncomingMessage, response: ServerResponse) => void) | undefined;
  let keys: JWK[] = [];
  let served: ServeOptions | undefined;
  let jwksFetches = 0;
  // Claims for the token being issued; token requests are made one at a time (see issueAccessToken).
  let pendingClaims: Record<string, unknown> | undefined;
  let issuing: Promise<unknown> = Promise.resolve();
  const grants: string[] = [];

  const server = createServer((request, response) => {
    if (!handler) {
      response.statusCode = 503;
      response.end();
      return;
    }
    if (request.method === 'GET' && request.url?.split('?')[0] === '/jwks') jwksFetches += 1;
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function build(serve: ServeOptions, signingKeys: JWK[]) {
    const audiences = Array.isArray(serve.audience) ? serve.audience : [serve.audience];
    const ttl = serve.accessTokenTtlSeconds ?? 600;
    const clients: ClientMetadata[] = [
      {
        client_id: TEST_MACHINE_CLIENT_ID,
        client_secret: TEST_MACHINE_SECRET,
        token_endpoint_auth_method: 'client_secret_basic',
        grant_types: ['client_credentials'],
        response_types: [],
        redirect_uris: [],
      },
    ];
    if (serve.clientId && serve.appOrigin) {
      clients.push({
        client_id: serve.clientId,
        token_endpoint_auth_method: 'none',
        redirect_uris: [`${serve.appOrigin}/login`],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      });
    }
    const provider = new Provider(serve.issuer ?? url, {
      clients,
      jwks: { keys: signingKeys },
      ttl: { AccessToken: ttl, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Grant: 3600, Session: 3600, RefreshToken: 86_400, ClientCredentials: ttl },
      findAccount: (_ctx, id) => ({ accountId: id, claims: () => ({ sub: id }) }),
      features: {
        // The dev login form is only for the web app's sign-in (and warns when on).
        devInteractions: { enabled: Boolean(serve.clientId && serve.appOrigin) },
        clientCredentials: { enabled: true },
        resourceIndicators: {
          enabled: true,
          defaultResource: () => audiences[0]!,
          useGrantedResource: () => true,
          getResourceServerInfo: (_ctx, resource) => {
            if (!audiences.includes(resource)) throw new errors.InvalidTarget();
            return { scope: '', audience: resource, accessTokenFormat: 'jwt', accessTokenTTL: ttl, jwt: { sign: { alg: 'RS256' } } };
          },
        },
      },
      formats: {
        customizers: {
          jwt: (_ctx, _token, jwt) => {
            for (const [name, value] of Object.entries(pendingClaims ?? {})) {
              if (value === undefined) delete jwt.payload[name];
              else jwt.payload[name] = value;
            }
          },
        },
      },
      // Public client from the app's origin only (the default, said explicitly so it does not warn).
      clientBasedCORS: (_ctx, origin, client) => client.redirectUris?.some((uri) => new URL(uri).origin === origin) ?? false,
    });
    provider.on('grant.success', (ctx) => grants.push(String(ctx.oidc.params?.grant_type)));
    return provider.callback();
  }

  function configure(signingKeys: JWK[]) {
    keys = signingKeys;
    handler = build(served!, keys);
  }

  async function requestToken({ resource, claims }: IssueOptions): Promise<string> {
    pendingClaims = claims;
    try {
      const body = new URLSearchParams({ grant_type: 'client_credentials' });
      if (resource) body.set('resource', resource);
      const response = await fetch(`${url}/token`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from(`${TEST_MACHINE_CLIENT_ID}:${TEST_MACHINE_SECRET}`).toString('base64')}` },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      const answer = (await response.json()) as { access_token?: string; error?: string; error_description?: string };
      if (!response.ok || !answer.access_token) {
        throw new Error(`the issuer refused the token request: ${response.status} ${answer.error} ${answer.error_description ?? ''}`);
      }
      return answer.access_token;
    } finally {
      pendingClaims = undefined;
    }
  }

  return {
    url,
    grants,
    jwksFetches: () => jwksFetches,
    async serve(options) {
      served = options;
      configure([await newSigningKey('test-key')]);
    },
    issueAccessToken(options = {}) {
      const token = issuing.then(() => requestToken(options));
      issuing = token.catch(() => undefined);
      return token;
    },
    async rotateKeys() {
      const kid = `rotated-${keys.length}`;
      configure([await newSigningKey(kid), ...keys]);
      return kid;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
