import { render } from 'preact';
import { App } from './app.js';
import { shareSessionWithWorker } from './auth.js';
import './styles.css';

render(<App />, document.getElementById('app')!);

void shareSessionWithWorker().catch(() => undefined);

if ('serviceWorker' in navigator) {
  void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
}
