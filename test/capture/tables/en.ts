// English repeating phrases from issue 25 and the forms of a time of day, with what a person expects,
// written by the documented rules (docs/capture.md) before running the parser on them. Together with
// the older English tables (../phrases.ts, ../recurrence-phrases.ts) they make the English table.
import { phrasesAsTables } from '../phrases.js';
import { recurrencePhrases } from '../recurrence-phrases.js';
import { phraseTable, type PhraseTable } from './phrase-table.js';

const repeating = [
  // Saturday 2026-11-21 12:00 in New York (EST, UTC-5).
  phraseTable('en', 'America/New_York, Sat 2026-11-21 12:00 (repeating)', '2026-11-21T17:00:00Z', 'America/New_York', [
    ['yoga every Monday and Wednesday at 7pm', 'Yoga', '2026-11-23', '19:00', 'FREQ=WEEKLY;BYDAY=MO,WE'],
    ['dinner with friends on the 3rd Saturday of every month', 'Dinner with friends', '2026-11-21', null, 'FREQ=MONTHLY;BYDAY=3SA'],
    ['pay the nanny on the last Friday of each month', 'Pay the nanny', '2026-11-27', null, 'FREQ=MONTHLY;BYDAY=-1FR'],
    ['rent every fortnight on Thursday', 'Rent', '2026-11-26', null, 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TH'],
    ['renew car registration every October 2', 'Renew car registration', '2027-10-02', null, 'FREQ=YEARLY;BYMONTH=10;BYMONTHDAY=2'],
    ['gym every Tuesday and Thursday at 6:30am', 'Gym', '2026-11-24', '06:30', 'FREQ=WEEKLY;BYDAY=TU,TH'],
    ['gym Mon, Wed and Fri at 7', 'Gym', '2026-11-23', '07:00', 'FREQ=WEEKLY;BYDAY=MO,WE,FR'],
    ['standup weekdays at 9', 'Standup', '2026-11-23', '09:00', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR'],
    ['clean the house weekends', 'Clean the house', '2026-11-21', null, 'FREQ=WEEKLY;BYDAY=SA,SU'],
    ['call mom every weekday except Friday at 6pm', 'Call mom', '2026-11-23', '18:00', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH'],
    ['book club 2nd Tuesday of every month at 7pm', 'Book club', '2026-12-08', '19:00', 'FREQ=MONTHLY;BYDAY=2TU'],
    ['first Monday of each month team review', 'Team review', '2026-12-07', null, 'FREQ=MONTHLY;BYDAY=1MO'],
    ['pay the bills the last day of every month', 'Pay the bills', '2026-11-30', null, 'FREQ=MONTHLY;BYMONTHDAY=-1'],
    ['send invoices on the 15th and the last day of every month', 'Send invoices', '2026-11-30', null, 'FREQ=MONTHLY;BYMONTHDAY=15,-1'],
    ['water the ferns every other week', 'Water the ferns', '2026-11-21', null, 'FREQ=WEEKLY;INTERVAL=2;BYDAY=SA'],
    ['team sync biweekly on Tuesday at 10am', 'Team sync', '2026-11-24', '10:00', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU'],
    ['payroll fortnightly on Friday', 'Payroll', '2026-11-27', null, 'FREQ=WEEKLY;INTERVAL=2;BYDAY=FR'],
    ['water the cactus every 3 days', 'Water the cactus', '2026-11-21', null, 'FREQ=DAILY;INTERVAL=3'],
    ['change the furnace filter every 2 months on the 1st', 'Change the furnace filter', '2026-12-01', null, 'FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=1'],
    ["mom's birthday every August 15", "Mom's birthday", '2027-08-15', null, 'FREQ=YEARLY;BYMONTH=8;BYMONTHDAY=15'],
    ['renew insurance annually on March 3', 'Renew insurance', '2027-03-03', null, 'FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=3'],
    ['service the boiler each year on 1 May', 'Service the boiler', '2027-05-01', null, 'FREQ=YEARLY;BYMONTH=5;BYMONTHDAY=1'],
    ['check the mailbox every Monday until Dec 31', 'Check the mailbox', '2026-11-23', null, 'FREQ=WEEKLY;UNTIL=20261231;BYDAY=MO'],
    ['physio every Wednesday for 10 weeks', 'Physio', '2026-11-25', null, 'FREQ=WEEKLY;COUNT=10;BYDAY=WE'],
    ['piano lesson every Saturday at 10am, 10 times', 'Piano lesson', '2026-11-28', '10:00', 'FREQ=WEEKLY;COUNT=10;BYDAY=SA'],
    ['run every day at 9', 'Run', '2026-11-22', '09:00', 'FREQ=DAILY'],
    ['meditate every day in the morning', 'Meditate', '2026-11-22', '09:00', 'FREQ=DAILY'],
    ['walk the dog every evening at 7', 'Walk the dog', '2026-11-21', '19:00', 'FREQ=DAILY'],
    ['lunch break every day at noon', 'Lunch break', '2026-11-22', '12:00', 'FREQ=DAILY'],
    ['stretch every day at 18h', 'Stretch', '2026-11-21', '18:00', 'FREQ=DAILY'],
    ['tea every day at half past 4', 'Tea', '2026-11-21', '16:30', 'FREQ=DAILY'],
    ['take out recycling every other Tuesday', 'Take out recycling', '2026-11-24', null, 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU'],
    ['every Tuesday and Friday water the plants', 'Water the plants', '2026-11-24', null, 'FREQ=WEEKLY;BYDAY=TU,FR'],
    ['pay rent on the 1st of the month', 'Pay rent', '2026-12-01', null, 'FREQ=MONTHLY;BYMONTHDAY=1'],
    ['farmers market every Saturday morning', 'Farmers market', '2026-11-28', '09:00', 'FREQ=WEEKLY;BYDAY=SA'],
    ['every weekday at 8:15am check email', 'Check email', '2026-11-23', '08:15', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR'],
    ['wake up every Monday to Friday at 7', 'Wake up', '2026-11-23', '07:00', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR'],
    ['Mondays and Thursdays trash pickup', 'Trash pickup', '2026-11-23', null, 'FREQ=WEEKLY;BYDAY=MO,TH'],
    ['every month on the last Friday team lunch', 'Team lunch', '2026-11-27', null, 'FREQ=MONTHLY;BYDAY=-1FR'],
    ['water the garden every 2 days at 7am', 'Water the garden', '2026-11-22', '07:00', 'FREQ=DAILY;INTERVAL=2'],
    ['every night at 10 lock the door', 'Lock the door', '2026-11-21', '22:00', 'FREQ=DAILY'],
    ['every Thursday at 5 call grandpa', 'Call grandpa', '2026-11-26', '17:00', 'FREQ=WEEKLY;BYDAY=TH'],
    ['every 6 months dentist checkup', 'Dentist checkup', '2026-11-21', null, 'FREQ=MONTHLY;INTERVAL=6;BYMONTHDAY=21'],
    ['every year on the 3rd of March renew the domain', 'Renew the domain', '2027-03-03', null, 'FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=3'],
    ['remind me to stretch every hour', 'Stretch', '2026-11-21', '13:00'],
    ['standup every weekday at 9:30am, remind me 10 minutes before', 'Standup', '2026-11-23', '09:30', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', 10],
    ['team retro every other Friday at 3pm', 'Team retro', '2026-11-27', '15:00', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=FR'],
    ['garbage day every Tuesday night', 'Garbage day', '2026-11-24', '20:00', 'FREQ=WEEKLY;BYDAY=TU'],
    // The bare-hour rule on one-off tasks: with a date, 7–11 are morning; without one, 7–9 are whichever comes next.
    ['dentist tomorrow at 9', 'Dentist', '2026-11-22', '09:00'],
    ['meeting at 9', 'Meeting', '2026-11-21', '21:00'],
    ['call the plumber at quarter to 5', 'Call the plumber', '2026-11-21', '16:45'],
    ['pick up the kids at 15h30', 'Pick up the kids', '2026-11-21', '15:30'],
  ]),

  // Saturday 2027-03-13 12:00 in New York; clocks go forward at 02:00 the next night.
  phraseTable('en', 'America/New_York, Sat 2027-03-13 12:00 (DST starts next day, repeating)', '2027-03-13T17:00:00Z', 'America/New_York', [
    ['call dad every Sunday at 9am', 'Call dad', '2027-03-14', '09:00', 'FREQ=WEEKLY;BYDAY=SU'],
    ['every day at 2:30am run the backup', 'Run the backup', '2027-03-14', '02:30', 'FREQ=DAILY'],
  ]),

  // Sunday 2027-01-31 10:00 in New York: the last day of a month.
  phraseTable('en', 'America/New_York, Sun 2027-01-31 10:00 (last day of the month)', '2027-01-31T15:00:00Z', 'America/New_York', [
    ['pay the card on the last day of every month', 'Pay the card', '2027-01-31', null, 'FREQ=MONTHLY;BYMONTHDAY=-1'],
    ['every month on the 31st back up photos', 'Back up photos', '2027-01-31', null, 'FREQ=MONTHLY;BYMONTHDAY=31'],
    ['every month on the 30th replace the water filter', 'Replace the water filter', '2027-03-30', null, 'FREQ=MONTHLY;BYMONTHDAY=30'],
    ['last Friday of the month payroll report', 'Payroll report', '2027-02-26', null, 'FREQ=MONTHLY;BYDAY=-1FR'],
    ['tomorrow cancel the trial', 'Cancel the trial', '2027-02-01', null],
  ]),
];

const older: PhraseTable = {
  name: 'America/New_York, Sat 2026-11-21 12:00 (recurrence-phrases.ts)',
  language: 'en',
  now: recurrencePhrases.now,
  timeZone: recurrencePhrases.timeZone,
  defaultTime: recurrencePhrases.defaultTime,
  origin: 'project',
  cases: recurrencePhrases.cases.map((c) => ({ ...c, remindBefore: null })),
};

export const englishTables: PhraseTable[] = [...phrasesAsTables(), older, ...repeating];
