import { BellRing } from 'lucide-preact';
import { useEffect, useState } from 'preact/hooks';
import { pushState, turnOnReminders, type PushState } from '../../api/push.js';
import { Alert } from '../../components/alert.js';
import { pushProblem } from '../../model/human-errors.js';
import { PushDevices } from './push-devices.js';

function pushText(state: PushState | null): string {
  switch (state) {
    case null:
      return 'Checking…';
    case 'on':
      return 'Reminders are on: this device shows a notification when a reminder fires, also while Tickler is closed.';
    case 'off':
      return 'Reminders are off: Tickler shows them only while it is open.';
    case 'denied':
      return 'Notifications are blocked for Tickler in this browser. Allow them in the browser’s site settings, then come back here to turn reminders on.';
    case 'unsupported':
      return 'This browser cannot show reminders while Tickler is closed: that needs a secure (https) address and push support. Tickler shows them while it is open.';
  }
}

/** Whether this device shows reminders while Tickler is closed, and turning that on. */
export function RemindersSection({ pushAvailable }: { pushAvailable: boolean | null }) {
  const [push, setPush] = useState<PushState | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [turningOn, setTurningOn] = useState(false);

  useEffect(() => {
    void pushState().then(setPush, () => setPush('unsupported'));
  }, []);

  // Only ever from this click: the permission prompt follows a gesture.
  const onTurnOn = () => {
    setTurningOn(true);
    setProblem(null);
    turnOnReminders()
      .then(setPush)
      .catch((error: unknown) => setProblem(pushProblem(error)))
      .finally(() => setTurningOn(false));
  };

  return (
    <section aria-labelledby="reminders-heading">
      <h3 id="reminders-heading">
        <BellRing aria-hidden="true" />
        Reminders on this device
      </h3>
      {pushAvailable === false ? (
        <p>This Tickler does not push reminders to devices (whoever runs it has not set it up). Tickler shows them while it is open.</p>
      ) : (
        <>
          <p role="status" aria-live="polite">
            {turningOn ? 'Turning on reminders…' : pushText(push)}
          </p>
          {problem && <Alert>{problem}</Alert>}
          {(push === 'off' || push === 'on') && (
            <div class="actions">
              <button type="button" onClick={onTurnOn} disabled={turningOn}>
                {push === 'on' ? 'Renew reminders' : 'Turn on reminders'}
              </button>
            </div>
          )}
          <PushDevices refreshKey={push} />
        </>
      )}
    </section>
  );
}
