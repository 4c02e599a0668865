import { Mail } from 'lucide-preact';
import { useEffect, useState } from 'preact/hooks';
import { loadNotifications, setMailAddress, updateNotifications, type Delivery, type MailAddress, type NotificationSettings } from '../../api/notifications.js';
import { useSectionWork } from '../../state/use-section-work.js';
import { formatWhen, personZone } from '../../model/dates.js';
import { SectionOutcome } from './section-outcome.js';

interface Props {
  /** The service can mail (SMTP_URL); null: not known. */
  emailAvailable: boolean | null;
}

const OUTCOMES = { DELIVERED: 'delivered', FAILED: 'not delivered', PENDING: 'waiting' } as const;
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/**
 * Channels: push on or off, email reminders to a confirmed address, the daily digest at a chosen hour,
 * and the deliveries of recent reminders on every channel.
 */
export function EmailSection({ emailAvailable }: Props) {
  const [settings, setSettings] = useState<NotificationSettings | null>(null);
  const [address, setAddress] = useState<MailAddress | null>(null);
  const [typed, setTyped] = useState('');
  const [deliveries, setDeliveries] = useState<Delivery[]>([]);

  const { status, setStatus, problem, setProblem, busy, run } = useSectionWork('settings');
  useEffect(
    () =>
      run(async () => {
        const loaded = await loadNotifications();
        setSettings(loaded.settings);
        setAddress(loaded.me);
        setTyped(loaded.me.email ?? '');
        setDeliveries(loaded.deliveries);
      }),
    [],
  );
  // The control shows the person's choice at once (a controlled checkbox would otherwise snap back
  // while the section is busy), and goes back to what the service holds if the change fails.
  const change = (input: Parameters<typeof updateNotifications>[0], said: string) => {
    const before = settings;
    if (before) setSettings({ ...before, ...input, digest: { ...before.digest, ...input.digest } });
    run(async () => {
      try {
        setSettings(await updateNotifications(input));
        setStatus(said);
      } catch (error) {
        setSettings(before);
        throw error;
      }
    });
  };

  const mailable = emailAvailable !== false && address?.emailConfirmed === true;
  return (
    <section aria-labelledby="channels-heading">
      <h3 id="channels-heading">
        <Mail aria-hidden="true" />
        Channels
      </h3>
      {settings && (
        <>
          <label class="check-row">
            <input type="checkbox" checked={settings.push} disabled={busy} onChange={(e) => change({ push: e.currentTarget.checked }, e.currentTarget.checked ? 'Reminders are pushed again.' : 'No more pushed reminders.')} />
            <span>Push reminders to my devices</span>
          </label>
          {emailAvailable === false ? (
            <p class="hint">This Tickler cannot send email (its operator has not set it up).</p>
          ) : (
            <>
              <form
                class="field-row"
                onSubmit={(event) => {
                  event.preventDefault();
                  const value = typed.trim();
                  run(async () => {
                    const next = await setMailAddress(value === '' ? null : value);
                    setAddress(next);
                    setStatus(next.email ? `A confirmation link went to ${next.email}. Open it to get reminders there.` : 'Email address removed.');
                  });
                }}
              >
                <label class="field">
                  <span>Email address</span>
                  <input type="email" name="email" autoComplete="email" value={typed} onInput={(e) => setTyped(e.currentTarget.value)} />
                  <span class="hint">{address?.email ? (address.emailConfirmed ? 'Confirmed.' : 'Not confirmed yet: open the link we mailed.') : 'Reminders go here when push cannot reach you.'}</span>
                </label>
                <button type="submit" disabled={busy}>
                  Save address
                </button>
              </form>
              <label class="check-row">
                <input type="checkbox" checked={settings.email} disabled={busy || !mailable} onChange={(e) => change({ email: e.currentTarget.checked }, e.currentTarget.checked ? 'Reminders are mailed too.' : 'Mail only when push cannot reach you.')} />
                <span>Email reminders too</span>
              </label>
              <div class="field-row">
                <label class="check-row">
                  <input
                    type="checkbox"
                    checked={settings.digest.enabled}
                    disabled={busy || !mailable}
                    onChange={(e) => change({ digest: { enabled: e.currentTarget.checked } }, e.currentTarget.checked ? 'The daily digest is on.' : 'The daily digest is off.')}
                  />
                  <span>Daily digest of the day’s tasks</span>
                </label>
                <div class="field">
                  <label for="digest-hour">Digest hour</label>
                  <select id="digest-hour" value={String(settings.digest.hour)} disabled={busy || !mailable} onChange={(e) => change({ digest: { hour: Number(e.currentTarget.value) } }, 'Digest hour saved.')}>
                    {HOURS.map((hour) => (
                      <option key={hour} value={String(hour)}>
                        {`${String(hour).padStart(2, '0')}:00`}
                      </option>
                    ))}
                  </select>
                </div>
              </div>
            </>
          )}
        </>
      )}
      <h4 id="deliveries-heading">Deliveries</h4>
      {deliveries.length === 0 ? (
        <p class="hint">No reminder sent yet.</p>
      ) : (
        <ul class="deliveries" aria-labelledby="deliveries-heading">
          {deliveries.map((delivery, index) => (
            <li key={`${delivery.createdAt}-${index}`}>
              <span class="member-name">
                {delivery.channel === 'EMAIL' ? 'Email' : 'Push'}: {OUTCOMES[delivery.outcome]}
              </span>
              <span class="hint">
                {formatWhen(new Date(delivery.sentAt ?? delivery.createdAt), new Date(), personZone())}
                {delivery.reason ? ` · ${delivery.reason}` : ''}
                {delivery.error ? ` · ${delivery.error}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
      <SectionOutcome status={status} problem={problem} />
    </section>
  );
}
