import { X } from 'lucide-preact';
import type { Nag, TaskReminder } from '../api/types.js';
import { DEFAULT_NAG, NAG_EVERY, NAG_TIMES } from '../model/reminders.js';

interface Props {
  reminder: TaskReminder;
  /** Its words ("10 min before"), which also name its controls. */
  label: string;
  /** A relative reminder on a task without a date: said, and Save refuses it. */
  needsDate: boolean;
  onChange(reminder: TaskReminder): void;
  onRemove(): void;
}

/** One of the form's reminders: its words, "Remind until done" (every N minutes, up to N times), Remove. */
export function ReminderRow({ reminder, label, needsDate, onChange, onRemove }: Props) {
  const nag = reminder.nag ?? null;
  const setNag = (next: Nag | null) => onChange({ ...reminder, nag: next });
  const id = `reminder-${label.replace(/\W+/g, '-')}`;
  return (
    <li class="reminder-row">
      <div role="group" aria-labelledby={id}>
        <div class="reminder-head">
          <span id={id} class="reminder-name">
            {label}
          </span>
          {needsDate && <span class="hint">needs a date</span>}
          <button type="button" class="icon" aria-label={`Remove ${label}`} title="Remove" onClick={onRemove}>
            <X aria-hidden="true" />
          </button>
        </div>
        <label class="check-row">
          <input type="checkbox" checked={nag !== null} onChange={(e) => setNag(e.currentTarget.checked ? DEFAULT_NAG : null)} />
          <span>Remind until done</span>
        </label>
        {nag && (
          <div class="row">
            <NumberField label="Every (minutes)" range={NAG_EVERY} value={nag.every} onValue={(every) => setNag({ ...nag, every })} />
            <NumberField label="Up to (times)" range={NAG_TIMES} value={nag.times} onValue={(times) => setNag({ ...nag, times })} />
          </div>
        )}
      </div>
    </li>
  );
}

interface NumberFieldProps {
  label: string;
  range: { min: number; max: number };
  /** NaN while the field is empty or not a number. */
  value: number;
  onValue(value: number): void;
}

function NumberField({ label, range, value, onValue }: NumberFieldProps) {
  return (
    <label class="field">
      <span>{label}</span>
      <input type="number" inputMode="numeric" min={range.min} max={range.max} value={Number.isNaN(value) ? '' : String(value)} onInput={(e) => onValue(e.currentTarget.valueAsNumber)} />
    </label>
  );
}
