import { DateTime } from 'luxon';

/** "Tue 3 Mar 2026, 09:30 (Europe/Berlin)": an instant as the person reads it, in their zone. */
export function formatLocalTime(instant: string | Date, timeZone: string): string {
  const time = typeof instant === 'string' ? DateTime.fromISO(instant, { zone: timeZone }) : DateTime.fromJSDate(instant, { zone: timeZone });
  return `${time.setLocale('en-GB').toFormat('ccc d LLL yyyy, HH:mm')} (${timeZone})`;
}
