import type { QuickDates } from '../model/dates.js';

interface Props {
  /** The form's date, YYYY-MM-DD, or '' for none. */
  date: string;
  days: QuickDates;
  onPick(date: string): void;
}

/** Quick date choices: Today, Tomorrow, This weekend, Next week, No date (pressed when the date is theirs). */
export function DateChips({ date, days, onPick }: Props) {
  const chips: [string, string][] = [
    ['Today', days.today],
    ['Tomorrow', days.tomorrow],
    ['This weekend', days.weekend],
    ['Next week', days.nextWeek],
    ['No date', ''],
  ];
  // Two chips can name one day (the weekend on a Saturday is today): only the first is pressed.
  const pressed = chips.findIndex(([, day]) => day === date);
  return (
    <div class="chips" role="group" aria-label="Quick dates">
      {chips.map(([label, day], index) => (
        <button key={label} type="button" class="chip" aria-pressed={index === pressed} onClick={() => onPick(day)}>
          {label}
        </button>
      ))}
    </div>
  );
}
