import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTodoistDate } from '../../src/account/read-todoist-date.js';
import { parseTaskText } from '../../src/capture/parse-task-text.js';
import { createManualClock } from '../support/manual-clock.js';
import { PROVIDERS, startTestService, type TestService } from '../support/test-service.js';

const NOW = new Date('2026-11-28T06:00:00Z'); // a Saturday

/** A Todoist CSV export as Todoist writes it: all fourteen columns, a meta row, blank separator rows. */
const TODOIST_CSV = [
  'TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE,DURATION,DURATION_UNIT,DEADLINE,DEADLINE_LANG',
  'meta,view_style=list,,,,,,,,,,,,',
  ',,,,,,,,,,,,,',
  'note,A comment above every task,,,,,,,,,,,,',
  'section,Errands,,,,,,,,,,,,',
  'task,"Buy milk, eggs",From the corner shop,4,1,Ann (1),,2026-12-01,en,Europe/Berlin,30,minute,2026-12-02,en',
  'note,"Semi-skimmed, please",,,,,,,,,,,,',
  'note,Two litres,,,,,,,,,,,,',
  'task,Bins out,,,2,Ann (1),Bob (2),every monday,en,Europe/Berlin,,,,',
  'task,Pay rent,,1,1,Ann (1),,someday maybe,en,Europe/Berlin,,,,',
  ',,,,,,,,,,,,,',
  'section,Nothing here,,,,,,,,,,,,',
  'section,Work,,,,,,,,,,,,',
  'project,Not a row type,,,,,,,,,,,,',
  'task,Dentist,,3,1,Ann (1),,2026-12-03 14:30,en,America/New_York,,,,',
  'task,Standup,"line one',
  'line two",x,1,Ann (1),,every weekday at 9:30,en,Mars/Olympus_Mons,,,,',
  '',
].join('\r\n');

describe.each(PROVIDERS)('a Todoist CSV import on %s', (provider) => {
  let service: TestService;
  const clock = createManualClock(NOW);
  const importCsv = (user: string, csv: string) =>
    service.request(user, '/me/import', { method: 'POST', headers: { 'content-type': 'text/csv; charset=utf-8' }, body: csv });
  const tasksOf = async (user: string) =>
    (await service.database.db.task.findMany({ where: { userId: user }, orderBy: { id: 'asc' } })).map((t) => [
      t.title,
      t.description,
      t.dueAt?.toISOString() ?? null,
      t.priority,
      t.recurrence,
    ]);

  beforeAll(async () => {
    service = await startTestService(provider, { clock });
  });
  afterAll(async () => service?.close());

  it('keeps notes, sections and date phrases, counts what it drops per kind, and lists each row it could not read', async () => {
    const response = await importCsv('todoist', TODOIST_CSV);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      created: 5,
      skipped: 0,
      timeZone: { document: null, account: 'UTC', applied: false },
      lists: { created: ['Todoist import'], existing: [] },
      converted: { notes: 2, sections: 2, datePhrases: 2 },
      dropped: {
        notes: 1,
        sections: 1,
        dates: 1,
        duration: 1,
        deadline: 1,
        responsible: 1,
        author: 5,
        indent: 1,
        completions: 0,
        members: 0,
        assignees: 0,
        webhookEndpoints: 0,
        pushSubscriptions: 0,
        calendarFeed: 0,
      },
      rows: [
        { row: 4, problem: 'a note with no task above it was left out' },
        { row: 10, problem: 'DATE "someday maybe" was not understood: the task is undated, the text is kept in its description' },
        { row: 14, problem: 'TYPE "project" is not task, section or note; the row was left out' },
        { row: 16, problem: 'TIMEZONE "Mars/Olympus_Mons" is not an IANA time zone; its DATE was read in the account\'s zone, UTC' },
        { row: 16, problem: 'PRIORITY "x" is not 1 to 4; the task is low priority' },
      ],
      rowsNotListed: 0,
    });
    expect(await tasksOf('todoist')).toEqual([
      [
        'Buy milk, eggs',
        'Todoist section: Errands\n\nFrom the corner shop\n\nTodoist note: Semi-skimmed, please\n\nTodoist note: Two litres',
        '2026-12-01T08:00:00.000Z',
        'urgent', // PRIORITY 4 is Todoist's p1
        null,
      ],
      // Every Monday at 09:00 in the row's zone, from the coming Monday; an empty PRIORITY is p4.
      ['Bins out', 'Todoist section: Errands', '2026-11-30T08:00:00.000Z', 'low', 'FREQ=WEEKLY;BYDAY=MO'],
      ['Pay rent', 'Todoist section: Errands\n\nTodoist date: someday maybe', null, 'low', null],
      ['Dentist', 'Todoist section: Work', '2026-12-03T19:30:00.000Z', 'high', null],
      // The zone that could not be read is replaced by the account's, and the answer said so.
      ['Standup', 'Todoist section: Work\n\nline one\nline two', '2026-11-30T09:30:00.000Z', 'low', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR'],
    ]);
  });

  it('creates nothing on a retry, even a week later when its date phrases read as other days', async () => {
    const user = 'todoist-retry';
    expect(await (await importCsv(user, TODOIST_CSV)).json()).toMatchObject({ created: 5, skipped: 0 });
    clock.advance(7 * 86_400_000);
    try {
      expect(await (await importCsv(user, TODOIST_CSV)).json()).toMatchObject({ created: 0, skipped: 5, converted: { datePhrases: 2 } });
    } finally {
      clock.set(NOW);
    }
    expect(await tasksOf(user)).toHaveLength(5);
  });

  it('lists the first 100 row problems and counts the rest; a note that does not fit the description is dropped and said so', async () => {
    const orphans = Array.from({ length: 150 }, (_, i) => `note,orphan ${i}`);
    const full = 'x'.repeat(9_970);
    const csv = ['TYPE,CONTENT,DESCRIPTION', ...orphans, `task,Long,${full}`, 'note,fits', 'note,this note is too long to fit'].join('\n');
    const answer = (await (await importCsv('todoist-many', csv)).json()) as any;
    expect(answer).toMatchObject({ created: 1, converted: { notes: 1 }, dropped: { notes: 151 }, rowsNotListed: 51 });
    expect(answer.rows).toHaveLength(100);
    expect(answer.rows[0]).toEqual({ row: 2, problem: 'a note with no task above it was left out' });
    const [[, description]] = (await tasksOf('todoist-many')) as [[string, string]];
    expect(description).toBe(`${full}\n\nTodoist note: fits`);
    expect(answer.rows.at(-1)).toEqual({ row: 101, problem: 'a note with no task above it was left out' });
  });
});

describe('reading a Todoist DATE phrase', () => {
  it('never reads a phrase that says "every" as a one-off date', () => {
    for (const phrase of ['every last friday at 9am', 'every monday', 'every third thursday']) {
      const read = readTodoistDate(phrase, { zone: 'Europe/Berlin', now: NOW, language: 'en', parse: parseTaskText });
      expect(read.kind === 'unread' || read.recurrence !== null || read.remark !== '', phrase).toBe(true);
    }
  });
});
