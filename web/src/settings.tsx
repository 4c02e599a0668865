import { useEffect, useState } from 'preact/hooks';
import { graphql } from './api.js';
import { signOut } from './auth.js';
import { pushState, turnOnReminders, type PushState } from './push.js';

interface Session {
  id: string;
  createdAt: string;
  lastUsedAt: string;
  userAgent: string | null;
  current: boolean;
}

interface Props {
  onBack(): void;
  onProblem(message: string): void;
}

/** Who is signed in, this browser's session, and signing out. */
export function Settings({ onBack, onProblem }: Props) {
  const [me, setMe] = useState<{ id: string; timeZone: string } | null>(null);
  const [sessions, setSessions] = useState<Session[]>([]);
  const [push, setPush] = useState<PushState | null>(null);
  const [pushProblem, setPushProblem] = useState<string | null>(null);
  const [turningOn, setTurningOn] = useState(false);

  useEffect(() => {
    void pushState().then(setPush, () => setPush('unsupported'));
  }, []);

  // Only ever from this click: the permission prompt follows a gesture.
  const onTurnOn = () => {
    setTurningOn(true);
    setPushProblem(null);
    turnOnReminders()
      .then(setPush)
      .catch((error: Error) => setPushProblem(`Reminders could not be turned on: ${error.message}`))
      .finally(() => setTurningOn(false));
  };

  useEffect(() => {
    graphql<{ me: { id: string; timeZone: string }; sessions: Session[] }>(
      '{ me { id timeZone } sessions { id createdAt lastUsedAt userAgent current } }',
    )
      .then((data) => {
        setMe(data.me);
        setSessions(data.sessions);
      })
      .catch((error: Error) => onProblem(error.message));
  }, []);

  const current = sessions.find((session) => session.current);
  return (
    <section class="card" aria-labelledby="settings-heading">
      <h2 id="settings-heading">Settings</h2>
      {me && (
        <p>
          Signed in as <strong>{me.id}</strong>; time zone {me.timeZone}.
        </p>
      )}
      <h3>This browser</h3>
      {current ? (
        <p>
          Signed in since {new Date(current.createdAt).toLocaleString()}; last refreshed {new Date(current.lastUsedAt).toLocaleString()}.
        </p>
      ) : (
        <p>This browser uses a token without a session.</p>
      )}
      {sessions.length > 1 && <p>{sessions.length - 1} other signed-in browser(s) or device(s).</p>}
      <h3>Reminders on this device</h3>
      <p role="status" aria-live="polite">{turningOn ? 'Turning on reminders…' : pushText(push)}</p>
      {pushProblem && <p role="alert">{pushProblem}</p>}
      {(push === 'off' || push === 'on') && (
        <div class="actions">
          <button type="button" onClick={onTurnOn} disabled={turningOn}>
            {push === 'on' ? 'Renew reminders' : 'Turn on reminders'}
          </button>
        </div>
      )}
      <div class="actions">
        <button type="button" class="danger" onClick={() => void signOut()}>
          Sign out
        </button>
        <button type="button" onClick={onBack}>
          Back
        </button>
      </div>
    </section>
  );
}

function pushText(state: PushState | null): string {
  switch (state) {
    case null:
      return 'Checking…';
    case 'on':
      return 'Reminders are on: this device shows a notification when a reminder fires, also while Tickler is closed.';
    case 'off':
      return 'Reminders are off: Tickler shows them only while it is open.';
    case 'denied':
      return 'Notifications are blocked for Tickler in this browser; allow them in the site settings to get reminders.';
    case 'unsupported':
      return 'This browser cannot receive reminders while Tickler is closed (it needs https and push support).';
  }
}
