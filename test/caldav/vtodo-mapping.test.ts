import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { DavError } from '../../src/caldav/dav-errors.js';
import { unfoldLines } from '../../src/caldav/ical-lines.js';
import { priorityOf, readVtodo, writeVtodo, type TaskToWrite, type VtodoObject, type VtodoTask } from '../../src/caldav/vtodo-mapping.js';
import { isRelative, reminderColumns } from '../../src/reminders/reminder-specs.js';
import { APPLE_REMINDER, TASKS_ORG_TASK, THUNDERBIRD_TASK, TODOMAN_TASK, VEVENT_OBJECT } from './support/vtodo-samples.js';

const BERLIN = { timeZone: 'Europe/Berlin', allDayTime: '09:00' };
const CREATED = new Date('2026-11-20T10:00:00Z');
const UPDATED = new Date('2026-11-22T12:34:56Z');

/** The task as Tickler would store it from what was read (a REST change can be applied on top). */
function stored(task: VtodoTask, changes: Partial<TaskToWrite> = {}): TaskToWrite {
  const { reminders, ...fields } = task;
  // Stored as a task stores its list; a changed remindBefore replaces the relative reminders, as PATCH does.
  const before = changes.remindBefore;
  const specs = before === undefined ? reminders : [...(before === null ? [] : [{ before }]), ...reminders.filter((spec) => !isRelative(spec))];
  const columns = reminderColumns(specs);
  return { ...fields, ...columns, dueLocal: null, createdAt: CREATED, updatedAt: UPDATED, ...changes };
}

function davErrorOf(run: () => unknown): DavError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DavError);
    return error as DavError;
  }
  throw new Error('expected a DavError');
}

/** The unfolded content lines of the VTODO (not its alarms), and of each VALARM. */
function vtodoParts(text: string): { todo: string[]; alarms: string[][]; zones: number } {
  const lines = unfoldLines(text);
  const todo: string[] = [];
  const alarms: string[][] = [];
  let depth = '';
  for (const line of lines) {
    if (line === 'BEGIN:VTODO') depth = 'todo';
    else if (line === 'BEGIN:VALARM') alarms.push([]), (depth = 'alarm');
    else if (line === 'END:VALARM') depth = 'todo';
    else if (line === 'END:VTODO') depth = '';
    else if (depth === 'todo') todo.push(line);
    else if (depth === 'alarm') alarms.at(-1)!.push(line);
  }
  return { todo, alarms, zones: lines.filter((line) => line === 'BEGIN:VTIMEZONE').length };
}

/**
 * Writes what was read and reads that again (as when the client sends back what it got): the task
 * comes back the same, and writing it again gives the same text.
 */
function roundTrip(text: string, labels = true) {
  const first = readVtodo(text, { ...BERLIN, labels });
  const written = writeVtodo(stored(first.task), first.object, BERLIN);
  expect(() => new ICAL.Component(ICAL.parse(written))).not.toThrow();
  const second = readVtodo(written, { ...BERLIN, labels });
  expect(second.task).toEqual(first.task);
  expect({ ...second.object, extraIcal: '' }).toEqual({ ...first.object, extraIcal: '' });
  expect(writeVtodo(stored(second.task), second.object, BERLIN)).toBe(written);
  return { ...first, written };
}

describe('Apple Reminders', () => {
  it('reads title, notes, due time in its zone, priority, the absolute alarm as the reminder, the UID and SEQUENCE', () => {
    const { task, object } = readVtodo(APPLE_REMINDER, { ...BERLIN, labels: true });
    expect(task).toEqual({
      title: 'Call the plumber, about the sink',
      description: 'Kitchen\nnot the bathroom',
      dueAt: new Date('2026-11-24T16:00:00Z'),
      status: 'pending',
      completedAt: null,
      priority: 'urgent',
      labels: [],
      remindBefore: 10,
      reminders: [{ before: 10 }],
      recurrence: null,
    });
    expect(object).toMatchObject({ uid: '6F1C7A8E-3C2B-4C5B-9B7E-8A0C2D4E6F10', sequence: 2, allDay: false });
  });

  it('writes back every property it does not model exactly as Apple wrote it, and its own ones unchanged', () => {
    const { written } = roundTrip(APPLE_REMINDER);
    const original = vtodoParts(APPLE_REMINDER);
    const out = vtodoParts(written);
    for (const line of [
      'X-APPLE-SORT-ORDER:743424891',
      'URL;VALUE=URI:https://example.org/plumber?a=1&b=2',
      'X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-ADDRESS="1 Main St\\nSpringfield";X-APPLE-RADIUS=70.5;X-TITLE=Home:geo:52.520008,13.404954',
      'UID:6F1C7A8E-3C2B-4C5B-9B7E-8A0C2D4E6F10',
      'SEQUENCE:2',
      'PRIORITY:1',
      'STATUS:NEEDS-ACTION',
      'SUMMARY:Call the plumber\\, about the sink',
      'DTSTART;TZID=Europe/Berlin:20261124T170000',
      'DUE;TZID=Europe/Berlin:20261124T170000',
      'DTSTAMP:20261122T123456Z',
      'LAST-MODIFIED:20261122T123456Z',
    ]) {
      expect(out.todo, line).toContain(line);
    }
    // Both alarms exactly as written: the reminder's (its trigger still right) and the location alarm.
    expect(out.alarms).toEqual(original.alarms);
    expect(out.zones).toBe(1);
    expect(written).not.toContain('X-TICKLER');
  });

  it('moves only what Tickler changed: the reminder alarm keeps its UIDs with a new trigger, a new priority is 5', () => {
    const { task, object } = readVtodo(APPLE_REMINDER, { ...BERLIN, labels: true });
    const written = writeVtodo(
      stored(task, { title: 'Call the plumber', dueAt: new Date('2026-11-25T08:00:00Z'), remindBefore: 30, priority: 'medium' }),
      object,
      BERLIN,
    );
    const out = vtodoParts(written);
    expect(out.todo).toEqual(expect.arrayContaining(['SUMMARY:Call the plumber', 'DUE;TZID=Europe/Berlin:20261125T090000', 'PRIORITY:5', 'X-APPLE-SORT-ORDER:743424891']));
    expect(out.todo.filter((line) => line.startsWith('PRIORITY'))).toEqual(['PRIORITY:5']);
    expect(out.alarms[0]).toEqual([
      'UID:9C5B6F2E-0A6D-4E0B-8B0F-2B5C7D9E1A22',
      'X-WR-ALARMUID:9C5B6F2E-0A6D-4E0B-8B0F-2B5C7D9E1A22',
      'TRIGGER;VALUE=DATE-TIME:20261125T073000Z',
      'ACTION:DISPLAY',
      'DESCRIPTION:Reminder',
    ]);
    expect(out.alarms[1]).toEqual(vtodoParts(APPLE_REMINDER).alarms[1]);
    expect(readVtodo(written, { ...BERLIN, labels: true }).task).toMatchObject({ dueAt: new Date('2026-11-25T08:00:00Z'), remindBefore: 30, priority: 'medium' });
    // Without a reminder the alarm that stood for it goes; the location alarm stays.
    const none = vtodoParts(writeVtodo(stored(task, { remindBefore: null }), object, BERLIN));
    expect(none.alarms).toEqual([vtodoParts(APPLE_REMINDER).alarms[1]]);
  });
});

describe('Thunderbird', () => {
  it('reads a Mozilla TZID, the completion, categories once each, the RELATED=END alarm and the rule', () => {
    const { task } = roundTrip(THUNDERBIRD_TASK);
    expect(task).toEqual({
      title: 'Water the plants',
      description: '',
      dueAt: new Date('2026-11-21T08:00:00Z'),
      status: 'completed',
      completedAt: new Date('2026-11-21T08:59:00Z'),
      priority: 'low',
      labels: ['Home', 'Garden'],
      remindBefore: 30,
      reminders: [{ before: 30 }],
      recurrence: 'FREQ=WEEKLY;BYDAY=SA',
    });
  });

  it('keeps X-MOZ-*, CLASS and PERCENT-COMPLETE; reopened, PERCENT-COMPLETE:100 is dropped', () => {
    const { task, object, written } = roundTrip(THUNDERBIRD_TASK);
    const out = vtodoParts(written);
    expect(out.todo).toEqual(
      expect.arrayContaining(['X-MOZ-GENERATION:3', 'X-MOZ-LASTACK:20261121T085800Z', 'CLASS:PUBLIC', 'PERCENT-COMPLETE:100', 'STATUS:COMPLETED', 'COMPLETED:20261121T085900Z']),
    );
    expect(out.todo).toEqual(expect.arrayContaining(['CATEGORIES:Home,Garden', 'RRULE:FREQ=WEEKLY;BYDAY=SA', 'DTSTART;TZID=Europe/Berlin:20261121T090000']));
    expect(out.alarms).toEqual([['ACTION:DISPLAY', 'TRIGGER;VALUE=DURATION;RELATED=END:-PT30M', 'DESCRIPTION:Default Mozilla Description']]);
    const reopened = vtodoParts(writeVtodo(stored(task, { status: 'pending', completedAt: null }), object, BERLIN));
    expect(reopened.todo).toContain('STATUS:NEEDS-ACTION');
    expect(reopened.todo.some((line) => line.startsWith('PERCENT-COMPLETE') || line.startsWith('COMPLETED'))).toBe(false);
  });

  it('keeps CATEGORIES as written while labels are not modelled', () => {
    const { task, written } = roundTrip(THUNDERBIRD_TASK, false);
    expect(task.labels).toBeUndefined();
    expect(vtodoParts(written).todo).toEqual(expect.arrayContaining(['CATEGORIES:Home,Garden', 'CATEGORIES:home']));
  });
});

describe('Tasks.org', () => {
  it('an all-day DUE is placed at the all-day time in the user zone and written back as a DATE', () => {
    const { task, object, written } = roundTrip(TASKS_ORG_TASK);
    expect(task).toMatchObject({ title: 'Pay rent', dueAt: new Date('2026-12-01T08:00:00Z'), priority: 'medium', recurrence: 'FREQ=MONTHLY;BYMONTHDAY=1', remindBefore: null });
    expect(object.allDay).toBe(true);
    const out = vtodoParts(written);
    expect(out.todo).toEqual(
      expect.arrayContaining(['DUE;VALUE=DATE:20261201', 'DTSTART;VALUE=DATE:20261201', 'PRIORITY:5', 'RELATED-TO;RELTYPE=PARENT:1234567890', 'X-APPLE-SORT-ORDER:-1']),
    );
    // An alarm relative to a date is not relative to the placed time: kept as it is, not a reminder.
    expect(out.alarms).toEqual(vtodoParts(TASKS_ORG_TASK).alarms);
    expect(out.zones).toBe(0);
  });

  it('a task moved off the all-day time becomes a timed one; a reminder on an all-day task is absolute', () => {
    const { task, object } = readVtodo(TASKS_ORG_TASK, { ...BERLIN, labels: true });
    const timed = vtodoParts(writeVtodo(stored(task, { dueAt: new Date('2026-12-01T13:30:00Z') }), object, BERLIN));
    expect(timed.todo).toContain('DUE;TZID=Europe/Berlin:20261201T143000');
    const reminded = vtodoParts(writeVtodo(stored(task, { remindBefore: 60 }), object, BERLIN));
    expect(reminded.alarms.at(-1)).toEqual(['ACTION:DISPLAY', 'DESCRIPTION:Pay rent', 'TRIGGER;VALUE=DATE-TIME:20261201T070000Z']);
  });
});

describe('the mapping rules', () => {
  it('a floating DUE is read in the user zone; UTC stays UTC', () => {
    expect(readVtodo(TODOMAN_TASK, { ...BERLIN, labels: true }).task.dueAt).toEqual(new Date('2026-11-25T17:00:00Z'));
    expect(readVtodo(TODOMAN_TASK, { timeZone: 'UTC', allDayTime: '09:00', labels: true }).task.dueAt).toEqual(new Date('2026-11-25T18:00:00Z'));
    const { task, object } = readVtodo(TODOMAN_TASK.replace('DUE:20261125T180000', 'DUE:20261125T180000Z'), { ...BERLIN, labels: true });
    expect(task.dueAt).toEqual(new Date('2026-11-25T18:00:00Z'));
    expect(vtodoParts(writeVtodo(stored(task), object, { timeZone: 'UTC', allDayTime: '09:00' })).todo).toContain('DUE:20261125T180000Z');
  });

  it('PRIORITY 1-2 urgent, 3-4 high, 5-6 medium, 7-9 and 0 low; a changed one is written 1/3/5/9, low without one as none', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map(priorityOf)).toEqual(['low', 'urgent', 'urgent', 'high', 'high', 'medium', 'medium', 'low', 'low', 'low']);
    const { task, object } = readVtodo(TODOMAN_TASK, { ...BERLIN, labels: true });
    const priorities = (priority: string) => vtodoParts(writeVtodo(stored(task, { priority }), object, BERLIN)).todo.filter((l) => l.startsWith('PRIORITY'));
    expect([priorities('urgent'), priorities('high'), priorities('medium'), priorities('low')]).toEqual([['PRIORITY:1'], ['PRIORITY:3'], ['PRIORITY:5'], []]);
    const eight = readVtodo(TODOMAN_TASK.replace('STATUS:', 'PRIORITY:8\r\nSTATUS:'), { ...BERLIN, labels: true });
    expect(vtodoParts(writeVtodo(stored(eight.task), eight.object, BERLIN)).todo).toContain('PRIORITY:8');
    expect(vtodoParts(writeVtodo(stored(eight.task, { priority: 'high' }), eight.object, BERLIN)).todo).toContain('PRIORITY:3');
  });

  it('a rule Tickler cannot run is kept as written and the task does not repeat in Tickler', () => {
    const hourly = TODOMAN_TASK.replace('STATUS:', 'RRULE:FREQ=HOURLY;INTERVAL=2\r\nSTATUS:');
    const { task, written } = roundTrip(hourly);
    expect(task.recurrence).toBeNull();
    expect(vtodoParts(written).todo).toContain('RRULE:FREQ=HOURLY;INTERVAL=2');
  });

  it('a task made in Tickler is a valid VTODO with a RELATED=END alarm, read back the same', () => {
    const task: TaskToWrite = {
      title: 'Bins; then, recycling',
      description: '',
      dueAt: new Date('2026-11-23T06:00:00Z'),
      dueLocal: null,
      status: 'pending',
      completedAt: null,
      priority: 'high',
      labels: ['home'],
      remindBefore: 10,
      reminderSpecs: null,
      recurrence: 'FREQ=WEEKLY;UNTIL=20270101;BYDAY=MO',
      createdAt: CREATED,
      updatedAt: UPDATED,
    };
    const object: VtodoObject = { uid: 'tickler-42', sequence: 0, allDay: false, extraIcal: '' };
    const text = writeVtodo(task, object, BERLIN);
    const out = vtodoParts(text);
    expect(out.todo).toEqual(
      expect.arrayContaining([
        'UID:tickler-42',
        'SUMMARY:Bins\\; then\\, recycling',
        'DTSTART;TZID=Europe/Berlin:20261123T070000',
        'DUE;TZID=Europe/Berlin:20261123T070000',
        'RRULE:FREQ=WEEKLY;UNTIL=20270101T225959Z;BYDAY=MO',
        'CATEGORIES:home',
        'PRIORITY:3',
      ]),
    );
    expect(out.alarms).toEqual([['ACTION:DISPLAY', 'DESCRIPTION:Bins\\; then\\, recycling', 'TRIGGER;RELATED=END:-PT10M']]);
    const back = readVtodo(text, { ...BERLIN, labels: true });
    expect(back.task).toMatchObject({ title: task.title, dueAt: task.dueAt, priority: 'high', labels: ['home'], remindBefore: 10, status: 'pending' });
    expect(back.object).toEqual({ uid: 'tickler-42', sequence: 0, allDay: false, extraIcal: expect.any(String) });
  });

  it.each([
    ['not iCalendar', 'hello', 400, 'valid-calendar-data'],
    ['a VCALENDAR with an unclosed VTODO', 'BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:x\r\nEND:VCALENDAR\r\n', 400, 'valid-calendar-data'],
    ['a VEVENT', VEVENT_OBJECT, 403, 'supported-calendar-component'],
    ['a VTODO without UID', TODOMAN_TASK.replace(/UID:[^\r]+\r\n/, ''), 400, 'valid-calendar-object-resource'],
    ['two VTODOs of different UIDs', TODOMAN_TASK.replace('END:VCALENDAR', 'BEGIN:VTODO\r\nUID:other\r\nSUMMARY:x\r\nEND:VTODO\r\nEND:VCALENDAR'), 400, 'valid-calendar-object-resource'],
  ])('refuses %s', (_name, text, status, condition) => {
    const error = davErrorOf(() => readVtodo(text, { ...BERLIN, labels: true }));
    expect(error.status).toBe(status);
    expect(error.condition).toContain(condition);
  });

  it('keeps an overridden instance (RECURRENCE-ID) of the same UID as written', () => {
    const override = ['BEGIN:VTODO', 'UID:4627429376392842317', 'RECURRENCE-ID;VALUE=DATE:20270101', 'SUMMARY:Pay rent (January)', 'DUE;VALUE=DATE:20270102', 'END:VTODO'];
    const text = TASKS_ORG_TASK.replace('END:VCALENDAR', `${override.join('\r\n')}\r\nEND:VCALENDAR`);
    const { written } = roundTrip(text);
    expect(unfoldLines(written).join('\n')).toContain(override.join('\n'));
  });

  it('several VALARMs are the reminders list, relative to DUE or END and absolute, and round-trip', () => {
    const text = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Test//EN',
      'BEGIN:VTODO',
      'UID:several-alarms',
      'SUMMARY:Dentist',
      'DUE:20261124T160000Z',
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      'DESCRIPTION:a day before',
      'TRIGGER;RELATED=END:-P1D',
      'END:VALARM',
      'BEGIN:VALARM',
      'ACTION:AUDIO',
      'TRIGGER;RELATED=END:-PT15M',
      'END:VALARM',
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      'DESCRIPTION:morning',
      'TRIGGER;VALUE=DATE-TIME:20261124T070000Z',
      'END:VALARM',
      'END:VTODO',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    const { task, object } = readVtodo(text, { ...BERLIN, labels: true });
    expect(task.reminders).toEqual([{ before: 1440 }, { before: 15 }, { at: new Date('2026-11-24T07:00:00Z') }]);
    expect(task.remindBefore).toBe(1440);

    const unchanged = writeVtodo(stored(task), object, BERLIN);
    expect(vtodoParts(unchanged).alarms.map((alarm) => alarm.find((line) => line.startsWith('TRIGGER')))).toEqual([
      'TRIGGER;RELATED=END:-P1D',
      'TRIGGER;RELATED=END:-PT15M',
      'TRIGGER;VALUE=DATE-TIME:20261124T070000Z',
    ]);
    expect(readVtodo(unchanged, { ...BERLIN, labels: true }).task.reminders).toEqual(task.reminders);

    // Tickler drops the second and moves the absolute one: the others keep the client's lines.
    const changed = writeVtodo(
      stored(task, reminderColumns([{ before: 1440 }, { at: new Date('2026-11-24T08:00:00Z') }])),
      object,
      BERLIN,
    );
    const alarms = vtodoParts(changed).alarms;
    expect(alarms.map((alarm) => alarm.find((line) => line.startsWith('TRIGGER')))).toEqual([
      'TRIGGER;RELATED=END:-P1D',
      'TRIGGER;VALUE=DATE-TIME:20261124T080000Z',
    ]);
    expect(readVtodo(changed, { ...BERLIN, labels: true }).task.reminders).toEqual([{ before: 1440 }, { at: new Date('2026-11-24T08:00:00Z') }]);

    // A reminder added in Tickler becomes a new VALARM.
    const added = writeVtodo(stored(task, reminderColumns([...task.reminders, { before: 0 }])), object, BERLIN);
    expect(readVtodo(added, { ...BERLIN, labels: true }).task.reminders).toEqual([...task.reminders, { before: 0 }]);
  });
});
