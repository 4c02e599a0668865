import { LogOut, MonitorSmartphone } from 'lucide-preact';
import { useState } from 'preact/hooks';
import { listSessions, revokeSession, type Session } from '../../api/account.js';
import { signOut } from '../../api/auth.js';
import { formatWhen, personZone } from '../../model/dates.js';
import { deviceName } from '../../model/device-name.js';
import { humanError } from '../../model/human-errors.js';
import { clearUnsent } from '../../offline/unsent.js';
import { SectionOutcome } from './section-outcome.js';

/** The browsers and devices signed in to this account: sign one out, all others, or this one. */
export function SessionsSection({ initial }: { initial: Session[] }) {
  const [sessions, setSessions] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const now = new Date();
  const zone = personZone();
  const others = sessions.filter((session) => !session.current);
  const current = sessions.find((session) => session.current);

  const end = (ids: string[], said: string) => {
    setBusy(true);
    setProblem(null);
    setStatus(null);
    Promise.all(ids.map((id) => revokeSession(id)))
      .then(async () => {
        setSessions(await listSessions());
        setStatus(said);
      })
      .catch((error: unknown) => setProblem(humanError(error, 'sessions').text))
      .finally(() => setBusy(false));
  };

  const describe = (session: Session) =>
    `Signed in ${formatWhen(new Date(session.createdAt), now, zone)} · last used ${formatWhen(new Date(session.lastUsedAt), now, zone)}`;

  return (
    <section aria-labelledby="sessions-heading">
      <h3 id="sessions-heading">
        <MonitorSmartphone aria-hidden="true" />
        Sessions
      </h3>
      {sessions.length === 0 && <p>This browser uses a token without a Tickler session.</p>}
      <ul class="plain-list">
        {current && (
          <li>
            <div>
              <strong>{deviceName(current.userAgent)}</strong> — this browser
              <div class="hint">{describe(current)}</div>
            </div>
          </li>
        )}
        {others.map((session) => {
          const name = deviceName(session.userAgent);
          const used = formatWhen(new Date(session.lastUsedAt), now, zone);
          return (
            <li key={session.id}>
              <div>
                <strong>{name}</strong>
                <div class="hint">{describe(session)}</div>
              </div>
              <button type="button" disabled={busy} aria-label={`Sign out ${name}, last used ${used}`} onClick={() => end([session.id], `${name} is signed out.`)}>
                Sign out
              </button>
            </li>
          );
        })}
      </ul>
      <div class="actions">
        {others.length > 0 && (
          <button type="button" disabled={busy} onClick={() => end(others.map((session) => session.id), 'Every other browser and device is signed out.')}>
            Sign out everywhere else
          </button>
        )}
        <button
          type="button"
          class="danger"
          onClick={() => {
            clearUnsent();
            void signOut();
          }}
        >
          <LogOut aria-hidden="true" />
          Sign out
        </button>
      </div>
      <SectionOutcome status={status} problem={problem} />
    </section>
  );
}
