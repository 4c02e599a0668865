import { ArrowLeft } from 'lucide-preact';
import { useEffect, useState } from 'preact/hooks';
import { loadAccount, type Me, type Session } from '../api/account.js';
import { capabilities } from '../api/oidc.js';
import { problemOf, type Problem } from '../model/human-errors.js';
import { DataSection } from './settings/data-section.js';
import { CalendarAppsSection } from './settings/calendar-apps-section.js';
import { DeleteSection } from './settings/delete-section.js';
import { EmailSection } from './settings/email-section.js';
import { FeedSection } from './settings/feed-section.js';
import { ProfileSection } from './settings/profile-section.js';
import { RemindersSection } from './settings/reminders-section.js';
import { SessionsSection } from './settings/sessions-section.js';

interface Props {
  onBack(): void;
  onProblem(problem: Problem): void;
  /** Tasks came in from an import. */
  onImported(): void;
}

/** Settings: profile, reminders on this device, calendar feed, data in and out, sessions, deleting the account. */
export function SettingsScreen({ onBack, onProblem, onImported }: Props) {
  const [account, setAccount] = useState<{ me: Me; sessions: Session[] } | null>(null);
  const [push, setPush] = useState<boolean | null>(null);
  const [email, setEmail] = useState<boolean | null>(null);

  useEffect(() => {
    loadAccount()
      .then(setAccount)
      .catch((error: unknown) => onProblem(problemOf(error, 'load')));
    void capabilities().then((can) => {
      setPush(can?.push ?? null);
      setEmail(can?.email ?? null);
    });
  }, []);

  return (
    <section class="card settings" aria-labelledby="settings-heading">
      <h2 id="settings-heading">Settings</h2>
      {!account ? (
        <p class="hint">Loading…</p>
      ) : (
        <>
          <ProfileSection me={account.me} onChange={(me) => setAccount({ ...account, me })} />
          <RemindersSection pushAvailable={push} />
          <EmailSection emailAvailable={email} />
          <FeedSection />
          <CalendarAppsSection userId={account.me.id} />
          <DataSection userId={account.me.id} onImported={onImported} />
          <SessionsSection initial={account.sessions} />
          <DeleteSection userId={account.me.id} />
        </>
      )}
      <div class="actions">
        <button type="button" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          Back
        </button>
      </div>
    </section>
  );
}
