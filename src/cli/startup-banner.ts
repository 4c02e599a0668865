import type { Config } from '../config.js';

export interface StartupFacts {
  url: string;
  dataDir: string;
  provider: Config['database']['provider'];
  authMode: Config['auth']['mode'];
}

/** The lines a person sees first when they run `tickler serve` in a terminal: where, what, what next. */
export function describeStartup(facts: StartupFacts): string {
  const database = facts.provider === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const next =
    facts.authMode === 'local'
      ? [
          'npx tickler login --user you   (a one-time link that signs your browser in to the app)',
          '             npx tickler token --user you   (a bearer token for the API; see "Try it in a minute" in the README)',
        ].join('\n')
      : `sign in to the app at ${facts.url}/ with your identity provider, or use its access token for the API`;
  return [
    `Tickler is running at ${facts.url}`,
    `  data:      ${facts.dataDir} (${database})`,
    `  next:      ${next}`,
    `  GraphiQL:  ${facts.url}/graphql`,
    `  auth:      ${facts.authMode === 'local' ? 'local issuer (tokens from tickler token and sign-in links)' : 'OIDC (tokens of AUTH_ISSUER)'}`,
    '',
  ].join('\n');
}

/** The banner is for people: only on an interactive terminal, and never when LOG_FORMAT=json. */
export function shouldPrintBanner(format: Config['logFormat'], stdoutIsTerminal: boolean): boolean {
  return format === 'auto' && stdoutIsTerminal;
}
