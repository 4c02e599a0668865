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

void shareSessionWithWorker().catch(() => undefined);

if ('serviceWorker' in navigator) {
  void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
}
