import type { AuthConfig } from '../config.js';
import { ConfigError } from '../config.js';
import type { Logger } from '../logger.js';

/** Whether the OIDC issuer has been reached since start-up (local mode: always). */
export interface IssuerCheck {
  reachable(): boolean;
  stop(): void;
}

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;
const FETCH_TIMEOUT_MS = 5_000;

type Outcome = { ok: true } | { ok: false; reason: string };

export interface IssuerCheckOptions {
  auth: AuthConfig;
  logger: Logger;
  fetchImpl?: typeof fetch;
}

/**
 * OIDC mode: fetches the issuer's discovery document (or, with AUTH_JWKS_URL, its key set) at start-up.
 * A document that names another issuer (the usual trailing-slash mistake) is a configuration error and
 * stops start-up; an issuer that cannot be reached is a warning, retried in the background (1 s, doubling
 * up to 30 s) until it answers, and until then `reachable()` is false (/readyz: `auth: unavailable`).
 */
export async function checkIssuer({ auth, logger, fetchImpl = fetch }: IssuerCheckOptions): Promise<IssuerCheck> {
  if (auth.mode === 'local') return { reachable: () => true, stop: () => undefined };
  const attempt = async (): Promise<Outcome> => {
    try {
      if (auth.jwksUrl) await fetchJson(auth.jwksUrl, fetchImpl);
      else {
        const document = await fetchJson(new URL('.well-known/openid-configuration', withSlash(auth.issuer)), fetchImpl);
        const named = (document as { issuer?: unknown }).issuer;
        if (named !== auth.issuer) {
          throw new ConfigError(
            `AUTH_ISSUER is "${auth.issuer}" but the issuer's discovery document names "${String(named)}": ` +
              'they must be equal, character for character (mind the trailing slash)',
          );
        }
      }
      return { ok: true };
    } catch (error) {
      if (error instanceof ConfigError) throw error;
      return { ok: false, reason: error instanceof Error ? error.message : String(error) };
    }
  };
  const first = await attempt();
  if (first.ok) {
    logger.info({ issuer: auth.issuer }, 'identity provider reached');
    return { reachable: () => true, stop: () => undefined };
  }
  logger.warn({ issuer: auth.issuer, reason: first.reason }, 'identity provider unreachable: retrying in the background; /readyz says auth: unavailable');
  let reachable = false;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const retry = (delayMs: number) => {
    timer = setTimeout(() => {
      attempt().then(
        (outcome) => {
          if (stopped) return;
          if (outcome.ok) {
            reachable = true;
            logger.info({ issuer: auth.issuer }, 'identity provider reached');
          } else {
            retry(Math.min(delayMs * 2, MAX_RETRY_MS));
          }
        },
        // A mismatch found only now cannot stop a running service: it stays unready, and says why.
        (error: unknown) => logger.error({ issuer: auth.issuer, reason: (error as Error).message }, 'identity provider misconfigured'),
      );
    }, delayMs);
    timer.unref();
  };
  retry(FIRST_RETRY_MS);
  return {
    reachable: () => reachable,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

function withSlash(issuer: string): string {
  return issuer.endsWith('/') ? issuer : `${issuer}/`;
}

async function fetchJson(url: URL | string, fetchImpl: typeof fetch): Promise<unknown> {
  const response = await fetchImpl(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${String(url)} answered ${response.status}`);
  return response.json();
}
