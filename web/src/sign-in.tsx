import { useEffect, useState } from 'preact/hooks';
import { signInConfig, startOidcSignIn, type SignInConfig } from './oidc.js';

interface Props {
  problem: string | null;
}

/** What a signed-out visitor sees: how to get a sign-in link, or (OIDC mode) a button to the issuer. */
export function SignIn({ problem }: Props) {
  const [config, setConfig] = useState<SignInConfig | null | undefined>(undefined);
  const [trouble, setTrouble] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    void signInConfig().then(setConfig);
  }, []);

  const signIn = async () => {
    if (config?.mode !== 'oidc') return;
    setTrouble(null);
    setLeaving(true);
    try {
      await startOidcSignIn(config);
    } catch (error) {
      setTrouble(error instanceof Error ? error.message : String(error));
      setLeaving(false);
    }
  };

  const shown = trouble ?? problem;
  return (
    <main class="signin">
      <h1>Tickler</h1>
      <section class="card" aria-labelledby="signin-heading">
        <h2 id="signin-heading">Sign in</h2>
        {shown && (
          <p role="alert" class="error">
            {shown}
          </p>
        )}
        {config?.mode === 'oidc' ? (
          <>
            <p>Tickler signs you in at {new URL(config.issuer).host}.</p>
            <button type="button" class="primary" onClick={() => void signIn()} disabled={leaving || !config.clientId}>
              Sign in
            </button>
            {!config.clientId && <p>This Tickler has no client id for the app (AUTH_CLIENT_ID): ask whoever runs it.</p>}
          </>
        ) : (
          <>
            <p>Tickler signs you in with a one-time link. Whoever runs this Tickler makes one for you with:</p>
            <pre>
              <code>npx tickler login --user &lt;your name&gt;</code>
            </pre>
            <p>Open the link it prints on this device within 10 minutes. Each link works once.</p>
          </>
        )}
      </section>
    </main>
  );
}
