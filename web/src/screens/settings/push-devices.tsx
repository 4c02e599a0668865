import { useEffect, useState } from 'preact/hooks';
import { listPushDevices, ownPushEndpoint, sendTestPush, type PushAttempt, type PushDevice } from '../../api/push.js';
import { formatWhen, personZone } from '../../model/dates.js';
import { humanError } from '../../model/human-errors.js';
import { SectionOutcome } from './section-outcome.js';

const KINDS: Record<string, string> = { 'push.test': 'Test', 'reminder.due': 'Reminder' };
const STATES: Record<string, string> = { delivered: 'delivered', pending: 'not delivered yet, trying again', failed: 'not delivered' };

function attemptText(attempt: PushAttempt, now: Date): string {
  const kind = KINDS[attempt.type] ?? attempt.type;
  return `${kind} ${formatWhen(new Date(attempt.attemptedAt), now, personZone())}: ${STATES[attempt.deliveryState] ?? attempt.deliveryState}`;
}

/** The devices reminders are pushed to, their latest deliveries, and "Send a test" to each. */
export function PushDevices({ refreshKey }: { refreshKey: unknown }) {
  const [devices, setDevices] = useState<PushDevice[] | null>(null);
  const [own, setOwn] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const now = new Date();

  const load = () =>
    listPushDevices()
      .then(setDevices)
      .catch((error: unknown) => setProblem(humanError(error, 'devices').text));

  useEffect(() => {
    void load();
    void ownPushEndpoint().then(setOwn, () => setOwn(null));
  }, [refreshKey]);

  const test = (device: PushDevice) => {
    setProblem(null);
    sendTestPush(device.id)
      .then(() => {
        setStatus(`Test sent to ${device.deviceName}: it shows in a moment.`);
        // The attempt is recorded a moment later; show it.
        window.setTimeout(() => void load(), 2_000);
      })
      .catch((error: unknown) => setProblem(humanError(error, 'test-push').text));
  };

  if (!devices || devices.length === 0) return null;
  return (
    <>
      <h4>Devices that get reminders</h4>
      <ul class="plain-list">
        {devices.map((device) => (
          <li key={device.id}>
            <div>
              <strong>{device.deviceName}</strong>
              {device.endpoint === own && ' — this device'}
              <div class="hint">
                {device.deliveries.length === 0 ? 'Nothing sent yet.' : device.deliveries.map((attempt) => attemptText(attempt, now)).join(' · ')}
              </div>
            </div>
            <button type="button" aria-label={`Send a test notification to ${device.deviceName}`} onClick={() => test(device)}>
              Send a test
            </button>
          </li>
        ))}
      </ul>
      <SectionOutcome status={status} problem={problem} />
    </>
  );
}
