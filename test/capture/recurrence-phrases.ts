// Hand-written expectations for repeating phrases, written before running the parser on them, by the
// documented rules (docs/capture.md): the date and time are the first occurrence, the rule takes its
// weekday, day of the month or date from it. Saturday 2026-11-21 12:00 in New York.

export interface RecurrencePhraseCase {
  text: string;
  title: string;
  recurrence: string | null;
  date: string | null;
  time: string | null;
}

type Row = [text: string, title: string, recurrence: string | null, date: string | null, time: string | null];

const rows: Row[] = [
  // The six phrases from the issue.
  ['every Monday at 9am take the bins out', 'Take the bins out', 'FREQ=WEEKLY;BYDAY=MO', '2026-11-23', '09:00'],
  // A habit's bare 7 is morning (docs/capture.md, the bare-hour rule); this row said 19:00 before issue 25.
  ['stretch daily at 7', 'Stretch', 'FREQ=DAILY', '2026-11-22', '07:00'],
  ['walk the dog every weekday', 'Walk the dog', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', '2026-11-23', null],
  ['team lunch every other Friday', 'Team lunch', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=FR', '2026-11-27', null],
  ['pay rent on the 1st of every month', 'Pay rent', 'FREQ=MONTHLY;BYMONTHDAY=1', '2026-12-01', null],
  ['every year on March 3 renew the domain', 'Renew the domain', 'FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=3', '2027-03-03', null],

  // More, in the words people use.
  ['water plants every morning', 'Water plants', 'FREQ=DAILY', '2026-11-22', '09:00'],
  ['take vitamins every day at 8am', 'Take vitamins', 'FREQ=DAILY', '2026-11-22', '08:00'],
  ['every monday put the bins out', 'Put the bins out', 'FREQ=WEEKLY;BYDAY=MO', '2026-11-23', null],
  ['stretch daily at 7am', 'Stretch', 'FREQ=DAILY', '2026-11-22', '07:00'],
  ['review goals every sunday evening', 'Review goals', 'FREQ=WEEKLY;BYDAY=SU', '2026-11-22', '19:00'],
  ['weekly report every friday at 4pm', 'Weekly report', 'FREQ=WEEKLY;BYDAY=FR', '2026-11-27', '16:00'],
  ['every weekday at 7am walk the dog', 'Walk the dog', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', '2026-11-23', '07:00'],
  ['pay rent every month on the 1st', 'Pay rent', 'FREQ=MONTHLY;BYMONTHDAY=1', '2026-12-01', null],
  ['submit timesheet every friday at 5pm', 'Submit timesheet', 'FREQ=WEEKLY;BYDAY=FR', '2026-11-27', '17:00'],
  ['every other monday at 10am team sync', 'Team sync', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO', '2026-11-23', '10:00'],
  ['choir each tuesday at 6pm', 'Choir', 'FREQ=WEEKLY;BYDAY=TU', '2026-11-24', '18:00'],
  ['pay the card every month on the 15th', 'Pay the card', 'FREQ=MONTHLY;BYMONTHDAY=15', '2026-12-15', null],
  ['renew insurance annually on june 1', 'Renew insurance', 'FREQ=YEARLY;BYMONTH=6;BYMONTHDAY=1', '2027-06-01', null],
  ['read to the kids every evening', 'Read to the kids', 'FREQ=DAILY', '2026-11-21', '19:00'],
  ['call grandma every sunday at 11am', 'Call grandma', 'FREQ=WEEKLY;BYDAY=SU', '2026-11-22', '11:00'],
  ['water the garden every 3 days at 8am', 'Water the garden', 'FREQ=DAILY;INTERVAL=3', '2026-11-22', '08:00'],
  ['every 2 weeks on monday clean the fridge', 'Clean the fridge', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO', '2026-11-23', null],
  ['every wednesday at 8pm book club', 'Book club', 'FREQ=WEEKLY;BYDAY=WE', '2026-11-25', '20:00'],

  // Repeats more often than daily keep only the next occurrence (no rule), as before.
  ['remind me to drink water every 2 hours', 'Drink water', null, '2026-11-21', '14:00'],
  ['check the oven every 30 minutes', 'Check the oven', null, '2026-11-21', '12:30'],
  // Not a repeat: "daily standup" names a meeting.
  ['daily standup at 9:30am', 'Daily standup', null, '2026-11-22', '09:30'],
];

export const recurrencePhrases = {
  now: new Date('2026-11-21T17:00:00Z'),
  timeZone: 'America/New_York',
  defaultTime: '09:00',
  cases: rows.map(([text, title, recurrence, date, time]): RecurrencePhraseCase => ({ text, title, recurrence, date, time })),
};
