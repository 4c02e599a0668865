import { useEffect, useState } from 'preact/hooks';
import { isSignedIn, onSessionChange } from './api/auth.js';
import { signInFromLink } from './api/sign-in-link.js';
import { Home } from './home.js';
import { keepJoinTokenFromAddress } from './offline/join-token.js';
import { SignIn } from './screens/sign-in.js';

/** Signed in: the home shell; signed out: the sign-in screen; on `/login`: spends the link first. */
// An invitation link: its token waits (across signing in) for the home screen to offer "Join".
keepJoinTokenFromAddress();

export function App() {
  const [signedIn, setSignedIn] = useState(isSignedIn());
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  const [starting, setStarting] = useState(location.pathname === '/login');

  useEffect(() => onSessionChange(() => setSignedIn(isSignedIn())), []);
  useEffect(() => {
    if (location.pathname !== '/login') return;
    void signInFromLink().then((problem) => {
      setLinkProblem(problem);
      setSignedIn(isSignedIn());
      setStarting(false);
    });
  }, []);

  if (starting) return <p class="status">Signing in…</p>;
  if (!signedIn) return <SignIn problem={linkProblem} />;
  return <Home />;
}
