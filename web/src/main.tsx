import { render } from 'preact';
import { App } from './app.js';
import { shareSessionWithWorker } from './api/auth.js';
import './tokens.css';
import './styles/base.css';
import './styles/capture.css';
import './styles/queue.css';
import './styles/forms.css';
import './styles/messages.css';
import './styles/settings.css';

render(<App />, document.getElementById('app')!);

// At once: the worker may hold a newer session than this tab (a refresh token it spent).
void shareSessionWithWorker().catch(() => undefined);

/** Work the first screen does not need: once the page has loaded and the browser is idle. */
function whenIdle(work: () => void) {
  const idle = () => ('requestIdleCallback' in window ? requestIdleCallback(work, { timeout: 2_000 }) : setTimeout(work, 200));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

// The worker's registration (and its check for a newer sw.js) waits until the first screen is drawn.
whenIdle(() => {
  if ('serviceWorker' in navigator) void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
});
