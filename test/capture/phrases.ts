// Hand-written expectations: what a person would expect the draft to say, written before the parser
// existed. Where people could read a phrase two ways, the expectation follows the documented rules
// (weekday = next such day after today, "this <weekday>" may be today, evening 19:00, tonight 20:00,
// end of day 17:00, bare hours 1–6 are pm, "next week" = next Monday, "next month" = the 1st).

export interface PhraseCase {
  text: string;
  title: string;
  date: string | null;
  time: string | null;
  /** The RRULE (null: it does not repeat); added with issue 25's table. */
  recurrence: string | null;
  /** Minutes (null: no reminder asked for); added with issue 25's table. */
  remindBefore: number | null;
}

export interface PhraseTable {
  name: string;
  now: Date;
  timeZone: string;
  defaultTime: string;
  cases: PhraseCase[];
}

type Row = [text: string, title: string, date: string | null, time: string | null, recurrence?: string | null, remindBefore?: number | null];

function toCases(rows: Row[]): PhraseCase[] {
  return rows.map(([text, title, date, time, recurrence = null, remindBefore = null]) => ({ text, title, date, time, recurrence, remindBefore }));
}

// Saturday 2026-11-21 12:00 in New York (EST, UTC-5).
const newYorkRows: Row[] = [
  // The seven phrases from the product spec.
  ['call mom tomorrow at 5pm', 'Call mom', '2026-11-22', '17:00'],
  ['dentist on friday 9:30', 'Dentist', '2026-11-27', '09:30'],
  ['pay rent on the 1st', 'Pay rent', '2026-12-01', null],
  ['in 2 hours check the oven', 'Check the oven', '2026-11-21', '14:00'],
  ['remind me to water plants every evening', 'Water plants', '2026-11-21', '19:00', 'FREQ=DAILY'],
  ['meeting 11/24 15:00', 'Meeting', '2026-11-24', '15:00'],
  ['submit report by end of day', 'Submit report', '2026-11-21', '17:00'],

  // Relative days.
  ['buy groceries today', 'Buy groceries', '2026-11-21', null],
  ['buy groceries tomorrow', 'Buy groceries', '2026-11-22', null],
  ['tomorrow buy bread', 'Buy bread', '2026-11-22', null],
  ['email Sarah the day after tomorrow', 'Email Sarah', '2026-11-23', null],
  ['day after tomorrow send the slides to Ken', 'Send the slides to Ken', '2026-11-23', null],
  ['pick up dry cleaning in 3 days', 'Pick up dry cleaning', '2026-11-24', null],
  ['renew passport in 2 weeks', 'Renew passport', '2026-12-05', null],
  ['check the smoke alarm in a week', 'Check the smoke alarm', '2026-11-28', null],
  ['follow up with the landlord in 10 days', 'Follow up with the landlord', '2026-12-01', null],
  ['cancel the free trial in 1 month', 'Cancel the free trial', '2026-12-21', null],
  ['clean the oven a week from today', 'Clean the oven', '2026-11-28', null],
  ['call the garage 3 days from now', 'Call the garage', '2026-11-24', null],
  ['team retro in 2 days at 4pm', 'Team retro', '2026-11-23', '16:00'],
  ['in 3 days at 10am call the lawyer', 'Call the lawyer', '2026-11-24', '10:00'],
  ['finish the puzzle later today', 'Finish the puzzle', '2026-11-21', null],
  ['Tomorrow: dentist', 'Dentist', '2026-11-22', null],
  ['gym tmrw 7am', 'Gym', '2026-11-22', '07:00'],
  ['call grandma tmr', 'Call grandma', '2026-11-22', null],

  // Relative times.
  ['in 30 minutes take the laundry out', 'Take the laundry out', '2026-11-21', '12:30'],
  ['take pills in 45 minutes', 'Take pills', '2026-11-21', '12:45'],
  ['in an hour call the bank', 'Call the bank', '2026-11-21', '13:00'],
  ['stretch in 90 minutes', 'Stretch', '2026-11-21', '13:30'],
  ['check the roast in 1.5 hours', 'Check the roast', '2026-11-21', '13:30'],
  ['in 3 hours pick up Lily from practice', 'Pick up Lily from practice', '2026-11-21', '15:00'],
  ['leave for the airport in 5 hours', 'Leave for the airport', '2026-11-21', '17:00'],
  ['text Omar in 15 mins', 'Text Omar', '2026-11-21', '12:15'],
  ['call back in 20 min', 'Call back', '2026-11-21', '12:20'],
  ['In two hours call Sam', 'Call Sam', '2026-11-21', '14:00'],
  ['in five minutes turn off the stove', 'Turn off the stove', '2026-11-21', '12:05'],
  ['in half an hour leave for school', 'Leave for school', '2026-11-21', '12:30'],
  ['remind me in 20 minutes to check the pasta', 'Check the pasta', '2026-11-21', '12:20'],
  ['move the car in 12 hours', 'Move the car', '2026-11-22', '00:00'],

  // Weekdays.
  ['gym on monday', 'Gym', '2026-11-23', null],
  ['team standup monday 9am', 'Team standup', '2026-11-23', '09:00'],
  ['book club on wednesday at 7pm', 'Book club', '2026-11-25', '19:00'],
  ['visit grandma on sunday', 'Visit grandma', '2026-11-22', null],
  ['piano lesson tuesday 4:30pm', 'Piano lesson', '2026-11-24', '16:30'],
  ['thursday: Thanksgiving dinner at 6pm', 'Thanksgiving dinner', '2026-11-26', '18:00'],
  ['friday drinks with the team', 'Drinks with the team', '2026-11-27', null],
  ['saturday farmers market', 'Farmers market', '2026-11-28', null],
  ['this saturday clean the garage', 'Clean the garage', '2026-11-21', null],
  ['next friday submit timesheet', 'Submit timesheet', '2026-11-27', null],
  ['next tuesday haircut at 11', 'Haircut', '2026-11-24', '11:00'],
  ['dinner with Priya next saturday 8pm', 'Dinner with Priya', '2026-11-28', '20:00'],
  ['by wednesday finish the slides', 'Finish the slides', '2026-11-25', null],
  ['send invoice by Friday.', 'Send invoice', '2026-11-27', null],
  ['Mon 10am sprint planning', 'Sprint planning', '2026-11-23', '10:00'],
  ['vet appointment Tue at 2:15pm', 'Vet appointment', '2026-11-24', '14:15'],
  ['yoga thurs 6:30pm', 'Yoga', '2026-11-26', '18:30'],
  ['pay the nanny on fri', 'Pay the nanny', '2026-11-27', null],
  ['call the plumber monday morning', 'Call the plumber', '2026-11-23', '09:00'],
  ['water the lawn sunday afternoon', 'Water the lawn', '2026-11-22', '15:00'],
  ['wednesday evening choir practice', 'Choir practice', '2026-11-25', '19:00'],
  ['friday night movie with Kim', 'Movie with Kim', '2026-11-27', '20:00'],
  ['this friday get a haircut', 'Get a haircut', '2026-11-27', null],
  ['On Tuesday, call the electrician', 'Call the electrician', '2026-11-24', null],
  ['By Friday submit the grant', 'Submit the grant', '2026-11-27', null],
  ['Next Monday start the diet', 'Start the diet', '2026-11-23', null],
  ['I should call the gas company monday', 'Call the gas company', '2026-11-23', null],
  ['noon on friday pizza party', 'Pizza party', '2026-11-27', '12:00'],
  ['before noon on monday transfer the deposit', 'Transfer the deposit', '2026-11-23', '12:00'],
  ['team lunch monday at noon', 'Team lunch', '2026-11-23', '12:00'],
  ['sync with design at 10:15 on tuesday', 'Sync with design', '2026-11-24', '10:15'],
  ['remind me about dinner with Ava on thursday at 6', 'Dinner with Ava', '2026-11-26', '18:00'],

  // "next week" / "next month".
  ['plan the holiday party next week', 'Plan the holiday party', '2026-11-23', null],
  ['next week: schedule the dentist', 'Schedule the dentist', '2026-11-23', null],
  ['review budget next month', 'Review budget', '2026-12-01', null],

  // Ordinal days of the month.
  ['pay water bill on the 15th', 'Pay water bill', '2026-12-15', null],
  ['haircut on the 28th at 10am', 'Haircut', '2026-11-28', '10:00'],
  ['on the 21st call the accountant', 'Call the accountant', '2026-11-21', null],
  ['order contacts on the 3rd', 'Order contacts', '2026-12-03', null],
  ['book flights on the 30th', 'Book flights', '2026-11-30', null],
  ['submit expenses on the 2nd at 9', 'Submit expenses', '2026-12-02', '09:00'],
  ['buy a present for Jo by the 12th for her party', 'Buy a present for Jo for her party', '2026-12-12', null],
  ['pay rent every month on the 1st', 'Pay rent', '2026-12-01', null, 'FREQ=MONTHLY;BYMONTHDAY=1'],
  ['fix the 2nd bathroom sink', 'Fix the 2nd bathroom sink', null, null],

  // Month names.
  ["mom's birthday December 3", "Mom's birthday", '2026-12-03', null],
  ['dec 24 wrap presents', 'Wrap presents', '2026-12-24', null],
  ['doctor appointment on January 5th at 10:30am', 'Doctor appointment', '2027-01-05', '10:30'],
  ['file taxes by April 15', 'File taxes', '2027-04-15', null],
  ['anniversary dinner on 14 February', 'Anniversary dinner', '2027-02-14', null],
  ['Nov 30 renew library books', 'Renew library books', '2026-11-30', null],
  ['conference March 3-5', 'Conference', '2027-03-03', null],
  ['call the bank on November 25 at 3pm', 'Call the bank', '2026-11-25', '15:00'],
  ['visit grandpa on the 5th of December', 'Visit grandpa', '2026-12-05', null],
  ['pay invoice by 12 Dec', 'Pay invoice', '2026-12-12', null],
  ['dentist on Nov 21 at 4pm', 'Dentist', '2026-11-21', '16:00'],
  ['concert on December 12th, 2026 at 8pm', 'Concert', '2026-12-12', '20:00'],
  ['start new job on 4 January 2027', 'Start new job', '2027-01-04', null],
  ['book hotel for july 4th', 'Book hotel', '2027-07-04', null],
  ['halloween costume by october 31', 'Halloween costume', '2027-10-31', null],

  // Numeric dates (US month/day) and ISO dates.
  ['pay the gas bill 12/05', 'Pay the gas bill', '2026-12-05', null],
  ['flight 1/10 at 6:45am', 'Flight', '2027-01-10', '06:45'],
  ['dentist 12/1 at 2pm', 'Dentist', '2026-12-01', '14:00'],
  ['parent teacher conference 11/30/2026 4pm', 'Parent teacher conference', '2026-11-30', '16:00'],
  ['renew license by 2/28', 'Renew license', '2027-02-28', null],
  ['2026-12-15 send the newsletter', 'Send the newsletter', '2026-12-15', null],
  ['quarterly review 2027-01-08 10:00', 'Quarterly review', '2027-01-08', '10:00'],
  ['12/24 6pm christmas eve dinner', 'Christmas eve dinner', '2026-12-24', '18:00'],

  // Times, 12h and 24h; times already past today roll to tomorrow.
  ['call the office at 3pm', 'Call the office', '2026-11-21', '15:00'],
  ['standup at 9am', 'Standup', '2026-11-22', '09:00'],
  ['pick up kids at 3:15 pm', 'Pick up kids', '2026-11-21', '15:15'],
  ['submit the form at 17:30', 'Submit the form', '2026-11-21', '17:30'],
  ['at 8 call dad', 'Call dad', '2026-11-21', '20:00'],
  ['lunch with Ana at noon tomorrow', 'Lunch with Ana', '2026-11-22', '12:00'],
  ['wake up call 6:30am', 'Wake up call', '2026-11-22', '06:30'],
  ['turn off the sprinklers at 23:00', 'Turn off the sprinklers', '2026-11-21', '23:00'],
  ['bake cookies at 2 p.m.', 'Bake cookies', '2026-11-21', '14:00'],
  ['call Jim at 4', 'Call Jim', '2026-11-21', '16:00'],
  ['feed the cat at 7:45pm', 'Feed the cat', '2026-11-21', '19:45'],
  ['take out trash at 9pm tonight', 'Take out trash', '2026-11-21', '21:00'],
  ['meditate at 12:30', 'Meditate', '2026-11-21', '12:30'],
  ['check email at 11am', 'Check email', '2026-11-22', '11:00'],
  ['pick up cake at 1pm today', 'Pick up cake', '2026-11-21', '13:00'],
  ['today at 10am review PR', 'Review PR', '2026-11-21', '10:00'],
  ['at midnight submit the application', 'Submit the application', '2026-11-22', '00:00'],
  ['backup server 02:00', 'Backup server', '2026-11-22', '02:00'],
  ['meeting 14:30 tomorrow', 'Meeting', '2026-11-22', '14:30'],
  ['deploy at 18:00', 'Deploy', '2026-11-21', '18:00'],
  ['renew domain at 12pm tomorrow', 'Renew domain', '2026-11-22', '12:00'],
  ['At 4pm pick up the parcel', 'Pick up the parcel', '2026-11-21', '16:00'],
  ['tomorrow at 8am go for a run', 'Go for a run', '2026-11-22', '08:00'],
  ['midday tomorrow pick up keys', 'Pick up keys', '2026-11-22', '12:00'],

  // Parts of the day and end of day.
  ['tonight watch the new episode', 'Watch the new episode', '2026-11-21', '20:00'],
  ['call Ben this evening', 'Call Ben', '2026-11-21', '19:00'],
  ['tomorrow morning buy stamps', 'Buy stamps', '2026-11-22', '09:00'],
  ['this afternoon return the library books', 'Return the library books', '2026-11-21', '15:00'],
  ['tomorrow evening pack for the trip', 'Pack for the trip', '2026-11-22', '19:00'],
  ['send the draft in the morning', 'Send the draft', '2026-11-22', '09:00'],
  ['eod send status update', 'Send status update', '2026-11-21', '17:00'],
  ['finish the review by EOD', 'Finish the review', '2026-11-21', '17:00'],
  ['by end of day tomorrow send the contract', 'Send the contract', '2026-11-22', '17:00'],
  ['pay credit card by end of month', 'Pay credit card', '2026-11-30', null],
  ['tomorrow night pack the car', 'Pack the car', '2026-11-22', '20:00'],

  // No date at all, including numbers that are not dates.
  ['buy milk', 'Buy milk', null, null],
  ['remember to call the insurance company', 'Call the insurance company', null, null],
  ['please fix the leaking tap', 'Fix the leaking tap', null, null],
  ['I need to renew my gym membership', 'Renew my gym membership', null, null],
  ["don't forget to return Tom's drill", "Return Tom's drill", null, null],
  ['read chapter 4 of the book', 'Read chapter 4 of the book', null, null],
  ['book a table for 4 people', 'Book a table for 4 people', null, null],
  ['Fix bug #123 in the login form', 'Fix bug #123 in the login form', null, null],
  ['sign up for the 5k race', 'Sign up for the 5k race', null, null],
  ['replace the 9v battery in the smoke detector', 'Replace the 9v battery in the smoke detector', null, null],
  ['Check pages 10-12 of the contract', 'Check pages 10-12 of the contract', null, null],
  ['write thank-you notes', 'Write thank-you notes', null, null],
  ['put on sun cream', 'Put on sun cream', null, null],
  ['order 2 new tires', 'Order 2 new tires', null, null],

  // Filler around the task.
  ['remind me to call the vet tomorrow', 'Call the vet', '2026-11-22', null],
  ['Remind me to pay the electricity bill on the 5th', 'Pay the electricity bill', '2026-12-05', null],
  ["don't forget to buy eggs tonight", 'Buy eggs', '2026-11-21', '20:00'],
  ['please schedule the car service next tuesday', 'Schedule the car service', '2026-11-24', null],
  ['I need to finish the essay by sunday', 'Finish the essay', '2026-11-22', null],
  ['remember to take the medicine at 8pm', 'Take the medicine', '2026-11-21', '20:00'],
  ['I have to call the landlord tomorrow at 10', 'Call the landlord', '2026-11-22', '10:00'],
  ['Reminder: dentist monday 3pm', 'Dentist', '2026-11-23', '15:00'],
  ['todo: clean the fridge saturday', 'Clean the fridge', '2026-11-28', null],
  ['pls call the school tomorrow', 'Call the school', '2026-11-22', null],
  ['Can you remind me to book the tickets on friday?', 'Book the tickets', '2026-11-27', null],
  ['remind me tomorrow at 9am to call the bank', 'Call the bank', '2026-11-22', '09:00'],
  ['Please, remind me to buy a gift for Noor on Dec 10', 'Buy a gift for Noor', '2026-12-10', null],
  ['remind me to call mom tomorrow please', 'Call mom', '2026-11-22', null],

  // The date phrase in the middle of the task.
  ['call mom tomorrow about the flights', 'Call mom about the flights', '2026-11-22', null],
  ['send the report on friday to Anna', 'Send the report to Anna', '2026-11-27', null],
  ['meet Luis at 3pm at the library', 'Meet Luis at the library', '2026-11-21', '15:00'],
  ['on monday at 10 call the school about the trip', 'Call the school about the trip', '2026-11-23', '10:00'],
  ['pick up the new glasses thursday after work', 'Pick up the new glasses after work', '2026-11-26', null],
  ['call 555-1234 tomorrow', 'Call 555-1234', '2026-11-22', null],
  ['order 3 pizzas for friday', 'Order 3 pizzas', '2026-11-27', null],
  ['room 204 inspection monday at 10am', 'Room 204 inspection', '2026-11-23', '10:00'],
  ['groceries - tomorrow 10am', 'Groceries', '2026-11-22', '10:00'],

  // Unicode titles with English date words.
  ['Café mit Jörg tomorrow at 3pm', 'Café mit Jörg', '2026-11-22', '15:00'],
  ['pick up crème brûlée for the party friday', 'Pick up crème brûlée for the party', '2026-11-27', null],
  ['call Zoë on monday', 'Call Zoë', '2026-11-23', null],
  ['寿司 dinner with Kenji tomorrow 7pm', '寿司 dinner with Kenji', '2026-11-22', '19:00'],
  ['🎂 order birthday cake for Mia by thursday', '🎂 order birthday cake for Mia', '2026-11-26', null],
  ['ñandú exhibit at the zoo saturday 11am', 'Ñandú exhibit at the zoo', '2026-11-28', '11:00'],
  ['éclair tasting tonight', 'Éclair tasting', '2026-11-21', '20:00'],
  ['call Đorđe at 5pm', 'Call Đorđe', '2026-11-21', '17:00'],
  ['Straßenfest planen on sunday at 2pm', 'Straßenfest planen', '2026-11-22', '14:00'],
  ['renew the São Paulo visa on jan 15', 'Renew the São Paulo visa', '2027-01-15', null],
  ['ölwechsel beim Autohaus on december 2', 'Ölwechsel beim Autohaus', '2026-12-02', null],

  // Punctuation and casing.
  ['call mom tomorrow at 5pm!', 'Call mom', '2026-11-22', '17:00'],
  ['Buy batteries tomorrow.', 'Buy batteries', '2026-11-22', null],
  ['email the landlord on monday...', 'Email the landlord', '2026-11-23', null],
  ['walk the dog at 6pm, ', 'Walk the dog', '2026-11-21', '18:00'],
  ['what about the car wash on sunday?', 'What about the car wash', '2026-11-22', null],
  ['Fix the fence (tomorrow)', 'Fix the fence', '2026-11-22', null],
  ['CALL MOM TOMORROW AT 5PM', 'CALL MOM', '2026-11-22', '17:00'],
  ['Submit Q4 Report On Friday', 'Submit Q4 Report', '2026-11-27', null],

  // Recurrence: the next occurrence only.
  ['water plants every morning', 'Water plants', '2026-11-22', '09:00', 'FREQ=DAILY'],
  ['take vitamins every day at 8am', 'Take vitamins', '2026-11-22', '08:00', 'FREQ=DAILY'],
  ['every monday put the bins out', 'Put the bins out', '2026-11-23', null, 'FREQ=WEEKLY;BYDAY=MO'],
  ['stretch daily at 7am', 'Stretch', '2026-11-22', '07:00', 'FREQ=DAILY'],
  ['review goals every sunday evening', 'Review goals', '2026-11-22', '19:00', 'FREQ=WEEKLY;BYDAY=SU'],
  ['remind me to drink water every 2 hours', 'Drink water', '2026-11-21', '14:00'],
  ['weekly report every friday at 4pm', 'Weekly report', '2026-11-27', '16:00', 'FREQ=WEEKLY;BYDAY=FR'],
  ['every weekday at 7am walk the dog', 'Walk the dog', '2026-11-23', '07:00', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR'],
  ['daily standup at 9:30am', 'Daily standup', '2026-11-22', '09:30'],

  // "Remind me N minutes before" is not part of the title.
  ['dentist tomorrow at 2pm remind me 30 minutes before', 'Dentist', '2026-11-22', '14:00', null, 30],
  ['call Ravi on monday at 11am, remind me 10 min before', 'Call Ravi', '2026-11-23', '11:00', null, 10],
  ['flight friday 6am remind me an hour before', 'Flight', '2026-11-27', '06:00', null, 60],

  // Mixed, added after the first run without looking at the parser's answers.
  ['call the clinic at 8:30 tomorrow', 'Call the clinic', '2026-11-22', '08:30'],
  ['lunch at 1', 'Lunch', '2026-11-21', '13:00'],
  ['pay parking ticket within 3 days', 'Pay parking ticket', '2026-11-24', null],
  ['collect the package this evening at 6:30', 'Collect the package', '2026-11-21', '18:30'],
  ['pick up Tom from the station at 6 tomorrow evening', 'Pick up Tom from the station', '2026-11-22', '18:00'],
  ['ship the order asap', 'Ship the order asap', null, null],
  ['call the vet on Monday the 23rd', 'Call the vet', '2026-11-23', null],
  ['Dec 1st 10am budget meeting', 'Budget meeting', '2026-12-01', '10:00'],
  ['hand in the thesis on 12/18 by noon', 'Hand in the thesis', '2026-12-18', '12:00'],
  ['change the clocks at 2am on sunday', 'Change the clocks', '2026-11-22', '02:00'],
  ['in 1 hour and 30 minutes check the bread', 'Check the bread', '2026-11-21', '13:30'],
  ['text Jana at 10pm tonight', 'Text Jana', '2026-11-21', '22:00'],
  ['10:30 tomorrow morning coffee with Sam', 'Coffee with Sam', '2026-11-22', '10:30'],
  ['2pm dentist', 'Dentist', '2026-11-21', '14:00'],
  ['return library books by 11/28', 'Return library books', '2026-11-28', null],
  ['take the bins out tonight at 9', 'Take the bins out', '2026-11-21', '21:00'],
  ['get a sat nav for the car', 'Get a sat nav for the car', null, null],
  ['buy sunscreen and a sun hat', 'Buy sunscreen and a sun hat', null, null],
  ['march in the parade on saturday', 'March in the parade', '2026-11-28', null],
];

// Saturday 2026-11-21 18:00 in Berlin (CET, UTC+1); Berlin moves to CEST on 2027-03-28.
const berlinRows: Row[] = [
  ['call Oma tomorrow at 9am', 'Call Oma', '2026-11-22', '09:00'],
  ['at 5pm pick up the bread rolls', 'Pick up the bread rolls', '2026-11-22', '17:00'],
  ['finish the slides by eod', 'Finish the slides', '2026-11-21', '23:59'],
  ['tonight call Jürgen', 'Call Jürgen', '2026-11-21', '20:00'],
  ['in 2 hours take the Brötchen out', 'Take the Brötchen out', '2026-11-21', '20:00'],
  ['Termin beim Arzt on monday at 8:15', 'Termin beim Arzt', '2026-11-23', '08:15'],
  ['dentist on March 30 at 10am', 'Dentist', '2027-03-30', '10:00'],
  ['in 7 hours check the bread dough', 'Check the bread dough', '2026-11-22', '01:00'],
  ['Glühwein with Anna friday 19:00', 'Glühwein with Anna', '2026-11-27', '19:00'],
  ['send the invoice on the 1st', 'Send the invoice', '2026-12-01', null],
  ['this evening water the plants', 'Water the plants', '2026-11-21', '19:00'],
  ['Weihnachtsmarkt on December 5 at 4pm', 'Weihnachtsmarkt', '2026-12-05', '16:00'],
];

// Saturday 2027-03-13 12:00 in New York, the day before clocks go forward (02:00 -> 03:00 on the 14th).
const newYorkDstRows: Row[] = [
  ['call dad tomorrow at 9am', 'Call dad', '2027-03-14', '09:00'],
  ['in 24 hours check the sourdough', 'Check the sourdough', '2027-03-14', '13:00'],
  ['in 1 day water the garden', 'Water the garden', '2027-03-14', null],
  ['monday at 8am standup', 'Standup', '2027-03-15', '08:00'],
  ['in 14 hours take the bread out', 'Take the bread out', '2027-03-14', '03:00'],
  ['tonight book the flights', 'Book the flights', '2027-03-13', '20:00'],
  ['pay taxes on April 15', 'Pay taxes', '2027-04-15', null],
];

export const newYorkPhrases: PhraseTable = {
  name: 'America/New_York, Sat 2026-11-21 12:00',
  now: new Date('2026-11-21T17:00:00Z'),
  timeZone: 'America/New_York',
  defaultTime: '09:00',
  cases: toCases(newYorkRows),
};

export const berlinPhrases: PhraseTable = {
  name: 'Europe/Berlin, Sat 2026-11-21 18:00',
  now: new Date('2026-11-21T17:00:00Z'),
  timeZone: 'Europe/Berlin',
  defaultTime: '09:00',
  cases: toCases(berlinRows),
};

export const newYorkDstPhrases: PhraseTable = {
  name: 'America/New_York, Sat 2027-03-13 12:00 (DST starts next day)',
  now: new Date('2027-03-13T17:00:00Z'),
  timeZone: 'America/New_York',
  defaultTime: '09:00',
  cases: toCases(newYorkDstRows),
};

export const phraseTables: PhraseTable[] = [newYorkPhrases, berlinPhrases, newYorkDstPhrases];

/** These tables in the shape of the issue-25 phrase table (tables/phrase-table.ts). */
export function phrasesAsTables() {
  return phraseTables.map((table) => ({ ...table, language: 'en' as const, origin: 'project' as const }));
}
