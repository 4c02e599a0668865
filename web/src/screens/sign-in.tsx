import { BellRing, LogIn } from 'lucide-preact';
import { useEffect, useState } from 'preact/hooks';
import { sessionEndedNotice } from '../api/auth.js';
import { signInConfig, startOidcSignIn, type SignInConfig } from '../api/oidc.js';
import { Alert } from '../components/alert.js';
import { unsentText } from '../offline/unsent.js';

interface Props {
  problem: string | null;
}

/**
 * What a signed-out visitor sees: how to get a sign-in link, or (OIDC mode) a button to the issuer.
 * After the service ended the session it says so, and that what was typed is kept.
 */
export function SignIn({ problem }: Props) {
  const [config, setConfig] = useState<SignInConfig | null | undefined>(undefined);
  const [trouble, setTrouble] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [ended] = useState(sessionEndedNotice);
  const [kept] = useState(() => unsentText().trim() !== '');

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
      console.warn('[tickler] OIDC sign-in could not start:', error);
      setTrouble(error instanceof Error ? error.message : 'The sign-in could not start. Try again in a moment.');
      setLeaving(false);
    }
  };

  const shown = trouble ?? problem;
  return (
    <main class="signin">
      <h1>
        <BellRing aria-hidden="true" />
        Tickler
      </h1>
      <section class="card" aria-labelledby="signin-heading">
        <h2 id="signin-heading">Sign in</h2>
        {shown && <Alert>{shown}</Alert>}
        {!shown && ended && (
          <Alert tone="info">
            {ended}
            {kept && ' What you typed is kept: it is back in the New task field once you are signed in.'}
          </Alert>
        )}
        {config?.mode === 'oidc' ? (
          <>
            <p>Tickler signs you in at {new URL(config.issuer).host}.</p>
            <button type="button" class="primary" onClick={() => void signIn()} disabled={leaving || !config.clientId}>
              <LogIn aria-hidden="true" />
              Sign in
            </button>
            {!config.clientId && <p>This Tickler cannot sign you in yet: whoever runs it has to give the app a client id (AUTH_CLIENT_ID).</p>}
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
