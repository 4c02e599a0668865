import { Copy, KeyRound, Trash2 } from 'lucide-preact';
import { useEffect, useState } from 'preact/hooks';
import { createAppPassword, listAppPasswords, revokeAppPassword, type AppPassword } from '../../api/app-passwords.js';
import { useSectionWork } from '../../state/use-section-work.js';
import { formatWhen, personZone } from '../../model/dates.js';
import { SectionOutcome } from './section-outcome.js';

interface Props {
  /** The user name calendar apps sign in with. */
  userId: string;
}

/** Where each calendar app asks for the account (docs/caldav.md has the long version). */
const STEPS: { app: string; steps: string }[] = [
  { app: 'Apple Reminders (iPhone, iPad, Mac)', steps: 'Settings → Apps → Reminders → Accounts → Add Account → Other → Add CalDAV Account; Server: the server address, then the user name and password below.' },
  { app: 'Thunderbird', steps: 'Tasks → New Calendar → On the Network; Username: the user name below, Location: the server address; it finds every list; enter the password when asked.' },
  { app: 'Android (DAVx⁵ with Tasks.org or jtx Board)', steps: 'DAVx⁵ → + → Login with URL and user name; Base URL: the server address, then the user name and password; pick the lists to sync.' },
];

/**
 * "Connect a calendar app": an app password (shown once) with the server address and user name to
 * copy, the steps for the common apps, and the passwords made so far with their last use and Revoke.
 */
export function CalendarAppsSection({ userId }: Props) {
  const [passwords, setPasswords] = useState<AppPassword[] | null>(null);
  const [made, setMade] = useState<{ name: string; password: string } | null>(null);
  const [name, setName] = useState('Calendar app');
  const server = `${location.origin}/dav/`;

  const { status, setStatus, problem, setProblem, busy, run } = useSectionWork('settings');
  useEffect(() => run(async () => setPasswords(await listAppPasswords())), []);

  const copy = (what: string, value: string) =>
    navigator.clipboard.writeText(value).then(
      () => setStatus(`${what} copied.`),
      () => setProblem(`The ${what.toLowerCase()} could not be copied. Select it and copy it yourself.`),
    );

  const field = (label: string, value: string, copyName: string) => (
    <div class="copy-field">
      <label class="field">
        <span>{label}</span>
        <input readOnly value={value} onFocus={(event) => event.currentTarget.select()} />
      </label>
      <button type="button" class="icon" aria-label={copyName} title={copyName} onClick={() => void copy(label, value)}>
        <Copy aria-hidden="true" />
      </button>
    </div>
  );

  return (
    <section aria-labelledby="calendar-apps-heading">
      <h3 id="calendar-apps-heading">
        <KeyRound aria-hidden="true" />
        Calendar apps
      </h3>
      <p class="hint">Apple Reminders, Thunderbird and Android task apps sync your lists over CalDAV, with a password of their own.</p>
      <form
        class="field-row"
        onSubmit={(event) => {
          event.preventDefault();
          const label = name.trim();
          if (!label) return setProblem('Give the password a name (the app it is for), then make it.');
          run(async () => {
            const created = await createAppPassword(label);
            setMade({ name: created.name, password: created.password });
            setPasswords((list) => [...(list ?? []), created]);
          });
        }}
      >
        <label class="field">
          <span>App name</span>
          <input name="appName" value={name} maxLength={100} onInput={(e) => setName(e.currentTarget.value)} />
        </label>
        <button type="submit" class="primary" disabled={busy}>
          Connect a calendar app
        </button>
      </form>
      {made && (
        <div class="app-password">
          <p>Enter these in {made.name}. The password is shown only now.</p>
          {field('Server address', server, 'Copy server address')}
          {field('User name', userId, 'Copy user name')}
          {field('Password', made.password, 'Copy password')}
          {STEPS.map((entry) => (
            <details key={entry.app}>
              <summary>{entry.app}</summary>
              <p>{entry.steps}</p>
            </details>
          ))}
        </div>
      )}
      {passwords && passwords.length > 0 && (
        <ul class="app-passwords" aria-label="App passwords">
          {passwords.map((password) => (
            <li key={password.id}>
              <span class="member-name">{password.name}</span>
              <span class="hint">{password.lastUsedAt ? `Used ${formatWhen(new Date(password.lastUsedAt), new Date(), personZone())}` : 'Not used yet'}</span>
              <button
                type="button"
                class="icon"
                aria-label={`Revoke ${password.name}`}
                title="Revoke"
                disabled={busy}
                onClick={() =>
                  run(async () => {
                    await revokeAppPassword(password.id);
                    setPasswords((list) => (list ?? []).filter((other) => other.id !== password.id));
                    setStatus(`${password.name} can no longer sign in.`);
                  })
                }
              >
                <Trash2 aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <SectionOutcome status={status} problem={problem} />
    </section>
  );
}
