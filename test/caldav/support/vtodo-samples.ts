/*
 * VTODOs as real clients write them, built from their public documentation and source: Apple
 * Reminders (iOS/macOS, X-APPLE-* properties, absolute alarms, location alarms), Thunderbird
 * (Lightning: X-MOZ-* properties, RELATED=END alarms, PERCENT-COMPLETE, Mozilla TZIDs) and Tasks.org
 * (through DAVx⁵/ical4android: all-day DUE, RELATED-TO subtasks, X-APPLE-SORT-ORDER).
 */

const ics = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;

const BERLIN = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Berlin',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'DTSTART:19810329T020000',
  'TZNAME:CEST',
  'TZOFFSETTO:+0200',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'DTSTART:19961027T030000',
  'TZNAME:CET',
  'TZOFFSETTO:+0100',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** Apple Reminders: due 17:00 Berlin, absolute alarm 10 minutes before, a location alarm, priority "!!!". */
export const APPLE_REMINDER = ics(
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Apple Inc.//iOS 17.1//EN',
  'CALSCALE:GREGORIAN',
  ...BERLIN,
  'BEGIN:VTODO',
  'CREATED:20261120T101500Z',
  'DTSTAMP:20261120T101612Z',
  'LAST-MODIFIED:20261120T101612Z',
  'SEQUENCE:2',
  'UID:6F1C7A8E-3C2B-4C5B-9B7E-8A0C2D4E6F10',
  'SUMMARY:Call the plumber\\, about the sink',
  'DESCRIPTION:Kitchen\\nnot the bathroom',
  'DTSTART;TZID=Europe/Berlin:20261124T170000',
  'DUE;TZID=Europe/Berlin:20261124T170000',
  'STATUS:NEEDS-ACTION',
  'PRIORITY:1',
  'X-APPLE-SORT-ORDER:743424891',
  'URL;VALUE=URI:https://example.org/plumber?a=1&b=2',
  'X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-ADDRESS="1 Main St\\nSpringfield";X-APPLE-RADIUS=70.5;X-TITLE=Home:geo:52.520008,13.404954',
  'BEGIN:VALARM',
  'UID:9C5B6F2E-0A6D-4E0B-8B0F-2B5C7D9E1A22',
  'X-WR-ALARMUID:9C5B6F2E-0A6D-4E0B-8B0F-2B5C7D9E1A22',
  'TRIGGER;VALUE=DATE-TIME:20261124T155000Z',
  'ACTION:DISPLAY',
  'DESCRIPTION:Reminder',
  'END:VALARM',
  'BEGIN:VALARM',
  'UID:1D2E3F40-5A6B-4C7D-8E9F-0A1B2C3D4E5F',
  'X-WR-ALARMUID:1D2E3F40-5A6B-4C7D-8E9F-0A1B2C3D4E5F',
  'TRIGGER;VALUE=DATE-TIME:19760401T005545Z',
  'ACTION:DISPLAY',
  'DESCRIPTION:Reminder',
  'X-APPLE-PROXIMITY:ARRIVE',
  'X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-APPLE-RADIUS=70.5;X-TITLE=Home:geo:52.520008,13.404954',
  'END:VALARM',
  'END:VTODO',
  'END:VCALENDAR',
);

/** Thunderbird: a completed weekly task, categories, X-MOZ-*, a Mozilla TZID, an alarm 30 minutes before due. */
export const THUNDERBIRD_TASK = ics(
  'BEGIN:VCALENDAR',
  'PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN',
  'VERSION:2.0',
  'BEGIN:VTIMEZONE',
  'TZID:/mozilla.org/20071231_1/Europe/Berlin',
  'X-LIC-LOCATION:Europe/Berlin',
  ...BERLIN.slice(2, -1),
  'END:VTIMEZONE',
  'BEGIN:VTODO',
  'CREATED:20261120T090000Z',
  'LAST-MODIFIED:20261121T090000Z',
  'DTSTAMP:20261121T090000Z',
  'UID:0e3b5f9a-5d8a-4b39-9d2e-1c6f7d8e9a0b',
  'SUMMARY:Water the plants',
  'STATUS:COMPLETED',
  'COMPLETED:20261121T085900Z',
  'PERCENT-COMPLETE:100',
  'CATEGORIES:Home,Garden',
  'CATEGORIES:home',
  'X-MOZ-GENERATION:3',
  'X-MOZ-LASTACK:20261121T085800Z',
  'DUE;TZID=/mozilla.org/20071231_1/Europe/Berlin:20261121T090000',
  'RRULE:FREQ=WEEKLY;BYDAY=SA',
  'CLASS:PUBLIC',
  'BEGIN:VALARM',
  'ACTION:DISPLAY',
  'TRIGGER;VALUE=DURATION;RELATED=END:-PT30M',
  'DESCRIPTION:Default Mozilla Description',
  'END:VALARM',
  'END:VTODO',
  'END:VCALENDAR',
);

/** Tasks.org through DAVx⁵: an all-day monthly task, a subtask link, an alarm at the due date. */
export const TASKS_ORG_TASK = ics(
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:+//IDN tasks.org//android-130904//EN',
  'BEGIN:VTODO',
  'DTSTAMP:20261122T080000Z',
  'UID:4627429376392842317',
  'CREATED:20261122T075900Z',
  'LAST-MODIFIED:20261122T080000Z',
  'SUMMARY:Pay rent',
  'PRIORITY:5',
  'DUE;VALUE=DATE:20261201',
  'DTSTART;VALUE=DATE:20261201',
  'RRULE:FREQ=MONTHLY;BYMONTHDAY=1',
  'X-APPLE-SORT-ORDER:-1',
  'RELATED-TO;RELTYPE=PARENT:1234567890',
  'BEGIN:VALARM',
  'TRIGGER;RELATED=END:PT0S',
  'ACTION:DISPLAY',
  'DESCRIPTION:Default Tasks.org description',
  'END:VALARM',
  'END:VTODO',
  'END:VCALENDAR',
);

/** A plain VTODO as vdirsyncer/todoman write it: floating DUE, no alarms. */
export const TODOMAN_TASK = ics(
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//todoman//4.4//EN',
  'BEGIN:VTODO',
  'UID:d4c7a3e0b1f94a3e8f2e6a0b9c8d7e6f@example',
  'SUMMARY:Buy milk',
  'DUE:20261125T180000',
  'DTSTAMP:20261124T100000Z',
  'STATUS:NEEDS-ACTION',
  'END:VTODO',
  'END:VCALENDAR',
);

export const VEVENT_OBJECT = ics(
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Example//EN',
  'BEGIN:VEVENT',
  'UID:event-1',
  'DTSTAMP:20261124T100000Z',
  'DTSTART:20261125T180000Z',
  'SUMMARY:A meeting',
  'END:VEVENT',
  'END:VCALENDAR',
);

/** A minimal VTODO with this UID and SUMMARY, and any further content lines. */
export const todo = (uid: string, summary: string, extra: string[] = []) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', 'BEGIN:VTODO', `UID:${uid}`, 'DTSTAMP:20261120T101612Z', `SUMMARY:${summary}`, ...extra, 'END:VTODO', 'END:VCALENDAR', ''].join('\r\n');
