import { useState } from 'preact/hooks';
import type { TaskReminder } from '../api/types.js';
import { instantOf } from '../model/dates.js';
import { customMinutes, MAX_BEFORE_MINUTES, UNIT_MINUTES, type BeforeUnit } from '../model/reminders.js';
import { Alert } from './alert.js';

interface Props {
  /** The task has a due date, so a reminder before it can be made. */
  dated: boolean;
  /** The form's date (YYYY-MM-DD or ''), where an absolute reminder starts. */
  date: string;
  today: string;
  timeZone: string;
  /** Answers a sentence saying why the reminder cannot be added, or null once it is. */
  onAdd(reminder: TaskReminder): string | null;
}

const UNITS: [BeforeUnit, string][] = [
  ['minutes', 'minutes before'],
  ['hours', 'hours before'],
  ['days', 'days before'],
];

/** "Custom…": any offset before the due time (minutes, hours or days, up to 28 days), or a date and time. */
export function CustomReminder({ dated, date, today, timeZone, onAdd }: Props) {
  const [kind, setKind] = useState<'before' | 'at'>(dated ? 'before' : 'at');
  const [amount, setAmount] = useState('');
  const [unit, setUnit] = useState<BeforeUnit>('hours');
  const [atDate, setAtDate] = useState(date || today);
  const [atTime, setAtTime] = useState('09:00');
  const [problem, setProblem] = useState<string | null>(null);
  const before = kind === 'before' && dated;

  function add() {
    if (before) {
      const minutes = customMinutes(amount, unit);
      const most = MAX_BEFORE_MINUTES / UNIT_MINUTES[unit];
      if (minutes === null) return setProblem(`Type a whole number of ${unit}, at most ${most}${unit === 'days' ? '' : ' (28 days)'}.`);
      return setProblem(onAdd({ before: minutes }));
    }
    if (!atDate || !atTime) return setProblem('Pick the reminder’s date and time.');
    const at = instantOf(atDate, atTime, timeZone);
    if (Date.parse(at) <= Date.now()) return setProblem('That time has passed. Pick one still ahead.');
    setProblem(onAdd({ at }));
  }

  // Enter in a field adds the reminder rather than saving the whole task.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };

  return (
    <fieldset class="custom-reminder" onKeyDown={onKeyDown}>
      <legend>Custom reminder</legend>
      <div class="segments">
        <label class="segment">
          <input type="radio" name="custom-kind" checked={before} disabled={!dated} onChange={() => setKind('before')} />
          <span>Before the due time</span>
        </label>
        <label class="segment">
          <input type="radio" name="custom-kind" checked={!before} onChange={() => setKind('at')} />
          <span>At a date and time</span>
        </label>
      </div>
      {before ? (
        <div class="row">
          <label class="field">
            <span>Amount</span>
            <input type="number" name="custom-amount" inputMode="numeric" min={0} value={amount} onInput={(e) => setAmount(e.currentTarget.value)} />
          </label>
          <div class="field">
            <label for="custom-unit">Unit</label>
            <select id="custom-unit" name="custom-unit" value={unit} onChange={(e) => setUnit(e.currentTarget.value as BeforeUnit)}>
              {UNITS.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
        </div>
      ) : (
        <div class="row">
          <label class="field">
            <span>Reminder date</span>
            <input type="date" name="custom-date" value={atDate} onInput={(e) => setAtDate(e.currentTarget.value)} />
          </label>
          <label class="field">
            <span>Reminder time</span>
            <input type="time" name="custom-time" value={atTime} onInput={(e) => setAtTime(e.currentTarget.value)} />
          </label>
        </div>
      )}
      {problem && <Alert>{problem}</Alert>}
      <div class="actions">
        <button type="button" onClick={add}>
          Add reminder
        </button>
      </div>
    </fieldset>
  );
}
