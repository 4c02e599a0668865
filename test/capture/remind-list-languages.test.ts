import { describe, expect, it } from 'vitest';
import type { CaptureLanguage } from '../../src/capture/languages/capture-language.js';
import { parseTaskText } from '../../src/capture/parse-task-text.js';
import type { ReminderSpecView } from '../../src/reminders/reminder-specs.js';

// Tuesday 2026-12-01, 11:00 in Berlin (CET, UTC+1): "tomorrow" is Wednesday the 2nd, Thursday the 3rd,
// Friday the 4th.
const options = { now: new Date('2026-12-01T10:00:00Z'), timeZone: 'Europe/Berlin', defaultTime: '09:00' };

interface Expected {
  title: string;
  dueAt: string | null;
  remindBefore: number | null;
  reminders: ReminderSpecView[];
}

type Row = [language: CaptureLanguage, text: string, expected: Expected];

const at = (iso: string) => ({ at: `${iso}:00.000Z` });
const due = (title: string, dueAt: string | null, reminders: ReminderSpecView[]): Expected => ({
  title,
  dueAt: dueAt === null ? null : `${dueAt}:00.000Z`,
  remindBefore: reminders.find((r): r is { before: number } => 'before' in r)?.before ?? null,
  reminders,
});

// A time of its own on the due day plus one relative to the due time; an absolute reminder with no due
// date; a time whose own words hold the language's "and" ("8 y media"); two days named in the list.
const lists: Row[] = [
  ['de', 'Zahnarzt morgen um 17 Uhr, erinnere mich um 8 Uhr und 10 Minuten vorher', due('Zahnarzt', '2026-12-02T16:00', [at('2026-12-02T07:00'), { before: 10 }])],
  ['de', 'Milch kaufen, erinnere mich morgen um 9', due('Milch kaufen', null, [at('2026-12-02T08:00')])],
  ['de', 'Meeting morgen um 10, erinnere mich eine Stunde vorher und pünktlich', due('Meeting', '2026-12-02T09:00', [{ before: 60 }, { before: 0 }])],
  ['de', 'Essen am Freitag um 20 Uhr, erinnere mich am Donnerstag um 18 Uhr und eine halbe Stunde vorher', due('Essen', '2026-12-04T19:00', [at('2026-12-03T17:00'), { before: 30 }])],
  ['de', 'Arzt Freitag 15 Uhr. Erinnere mich um 8.30 Uhr und eine Stunde vorher.', due('Arzt', '2026-12-04T14:00', [at('2026-12-04T07:30'), { before: 60 }])],
  ['de', 'Müll rausbringen, erinnere mich heute Abend', due('Müll rausbringen', null, [at('2026-12-01T18:00')])],
  ['es', 'dentista mañana a las 17:00, recuérdame a las 8 y 10 minutos antes', due('Dentista', '2026-12-02T16:00', [at('2026-12-02T07:00'), { before: 10 }])],
  ['es', 'comprar leche, recuérdame mañana a las 9', due('Comprar leche', null, [at('2026-12-02T08:00')])],
  ['es', 'reunión mañana a las 10, avísame a las 8 y media y una hora antes', due('Reunión', '2026-12-02T09:00', [at('2026-12-02T07:30'), { before: 60 }])],
  ['es', 'cita médica el viernes a las 10, avísame el jueves a las 20:00 y una hora antes', due('Cita médica', '2026-12-04T09:00', [at('2026-12-03T19:00'), { before: 60 }])],
  ['fr', 'dentiste demain à 17h, rappelle-moi à 8h et 10 minutes avant', due('Dentiste', '2026-12-02T16:00', [at('2026-12-02T07:00'), { before: 10 }])],
  ['fr', 'acheter du lait, rappelle-moi demain à 9h', due('Acheter du lait', null, [at('2026-12-02T08:00')])],
  ['fr', 'réunion demain à 10h et rappelle-moi à 8h et demie et une heure avant', due('Réunion', '2026-12-02T09:00', [at('2026-12-02T07:30'), { before: 60 }])],
  ['fr', 'dîner vendredi à 20h, rappelle-moi jeudi à 18h et 30 minutes avant', due('Dîner', '2026-12-04T19:00', [at('2026-12-03T17:00'), { before: 30 }])],
  ['it', 'dentista domani alle 17, ricordamelo alle 8 e 10 minuti prima', due('Dentista', '2026-12-02T16:00', [at('2026-12-02T07:00'), { before: 10 }])],
  ['it', 'comprare il latte, ricordami domani alle 9', due('Comprare il latte', null, [at('2026-12-02T08:00')])],
  ['it', "riunione domani alle 10, avvisami alle 8 e mezza e un'ora prima", due('Riunione', '2026-12-02T09:00', [at('2026-12-02T07:30'), { before: 60 }])],
  ['it', "cena venerdì alle 20, ricordami giovedì alle 18 e mezz'ora prima", due('Cena', '2026-12-04T19:00', [at('2026-12-03T17:00'), { before: 30 }])],
  ['nl', 'tandarts morgen om 17 uur, herinner me om 8 uur en 10 minuten van tevoren', due('Tandarts', '2026-12-02T16:00', [at('2026-12-02T07:00'), { before: 10 }])],
  ['nl', 'melk kopen, herinner me morgen om 9', due('Melk kopen', null, [at('2026-12-02T08:00')])],
  ['nl', 'vergadering morgen om 10 uur, herinner me om half 9 en een uur van tevoren', due('Vergadering', '2026-12-02T09:00', [at('2026-12-02T07:30'), { before: 60 }])],
  ['nl', 'etentje vrijdag om 20 uur, herinner me donderdag om 18 uur en een half uur van tevoren', due('Etentje', '2026-12-04T19:00', [at('2026-12-03T17:00'), { before: 30 }])],
  ['pt', 'dentista amanhã às 17h, lembra-me às 8 e 10 minutos antes', due('Dentista', '2026-12-02T16:00', [at('2026-12-02T07:00'), { before: 10 }])],
  ['pt', 'comprar leite, lembra-me amanhã às 9', due('Comprar leite', null, [at('2026-12-02T08:00')])],
  ['pt', 'reunião amanhã às 10h, me lembre às 8 e meia e uma hora antes', due('Reunião', '2026-12-02T09:00', [at('2026-12-02T07:30'), { before: 60 }])],
  ['pt', 'jantar sexta às 20h, lembra-me quinta às 18h e meia hora antes', due('Jantar', '2026-12-04T19:00', [at('2026-12-03T17:00'), { before: 30 }])],
];

// A task whose title says "remind", "erinnern", "rappeler" … about someone else: a title, not a request.
const titles: Row[] = [
  ['de', 'Kinder an Zahnarzttermin erinnern morgen um 9', due('Kinder an Zahnarzttermin erinnern', '2026-12-02T08:00', [])],
  ['de', 'Tom erinnern um 8 Uhr', due('Tom erinnern', '2026-12-02T07:00', [])],
  ['es', 'Recordar a Juan la cita mañana a las 9', due('Recordar a Juan la cita', '2026-12-02T08:00', [])],
  ['fr', 'rappeler le plombier demain à 9h', due('Rappeler le plombier', '2026-12-02T08:00', [])],
  ['it', 'ricorda a Marco la riunione domani alle 9', due('Ricorda a Marco la riunione', '2026-12-02T08:00', [])],
  ['nl', 'oma herinneren aan verjaardag morgen om 9', due('Oma herinneren aan verjaardag', '2026-12-02T08:00', [])],
  ['pt', 'lembrar o João da reunião amanhã às 9', due('Lembrar o João da reunião', '2026-12-02T08:00', [])],
  ['en', 'remind Bob about the party tomorrow at 9', due('Remind Bob about the party', '2026-12-02T08:00', [])],
];

const read = (language: CaptureLanguage, text: string): Expected => {
  const draft = parseTaskText(text, { ...options, language });
  return { title: draft.title, dueAt: draft.dueAt?.toISOString() ?? null, remindBefore: draft.remindBefore, reminders: draft.reminders };
};

describe('capture reads a list of reminders in every language', () => {
  it.each(lists)('%s: "%s"', (language, text, expected) => {
    expect(read(language, text)).toEqual(expected);
  });

  it.each(titles)('%s: "%s" keeps the word in the title and asks for no reminder', (language, text, expected) => {
    expect(read(language, text)).toEqual(expected);
  });

  it('an open hour in a reminder follows the bare-hour rule, a clock time is read as written', () => {
    expect(read('de', 'Müll rausbringen, erinnere mich um 3').reminders).toEqual([at('2026-12-01T14:00')]);
    expect(read('de', 'Müll rausbringen, erinnere mich um 5 Uhr').reminders).toEqual([at('2026-12-02T04:00')]);
    expect(read('es', 'sacar la basura, recuérdame a las 5 y 10 minutos antes').reminders).toEqual([at('2026-12-01T16:00')]);
  });

  it('a list with a part that is not a reminder is not a list: the words stay with the rest of the parser', () => {
    expect(read('de', 'Zahnarzt morgen um 17 Uhr, erinnere mich um 8 Uhr und an den Schlüssel').reminders).toEqual([]);
    expect(read('fr', 'dentiste demain à 17h, rappelle-moi à 8h avec Paul').reminders).toEqual([]);
  });
});
