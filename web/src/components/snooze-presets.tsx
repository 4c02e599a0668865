import { AlarmClock } from 'lucide-preact';
import { SNOOZE_PRESETS, snoozeFor, type SnoozeFor } from '../model/snooze.js';

interface Props {
  now: Date;
  timeZone: string;
  disabled?: boolean;
  onSnooze(snooze: SnoozeFor): void;
}

/**
 * The snooze presets for a task's reminder: 10 min, 1 hour, this evening (18:00), tomorrow morning
 * (09:00), in the person's zone; "This evening" is left out once 18:00 has passed.
 */
export function SnoozePresets({ now, timeZone, disabled, onSnooze }: Props) {
  return (
    <div class="chips" role="group" aria-label="Snooze the reminder">
      {SNOOZE_PRESETS.map((preset) => {
        const snooze = snoozeFor(preset.id, now, timeZone);
        return (
          snooze && (
            <button key={preset.id} type="button" class="chip" aria-label={preset.label} disabled={disabled} onClick={() => onSnooze(snooze)}>
              {preset.short}
            </button>
          )
        );
      })}
    </div>
  );
}

interface CardProps extends Props {
  title: string;
}

/** The edit screen's card: the presets under a heading, with what they do. */
export function SnoozeCard({ title, ...props }: CardProps) {
  return (
    <section class="card" aria-labelledby="snooze-heading">
      <h2 id="snooze-heading">
        <AlarmClock aria-hidden="true" size={18} /> Snooze the reminder
      </h2>
      <p class="hint">“{title}” reminds you again then; its due time stays.</p>
      <SnoozePresets {...props} />
    </section>
  );
}
