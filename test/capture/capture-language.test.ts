import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorResponse } from '../support/error-body.js';
import { graphqlData, graphqlRequest } from '../support/graphql-client.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import { CaptureInLanguageMutation, MeWithLanguageQuery, UpdateMeMutation } from '../graphql/documents.js';

// Saturday 2026-11-21, 18:00 in Berlin.
const NOW = new Date('2026-11-21T17:00:00Z');
const BERLIN = 'Europe/Berlin';

describe.each(PROVIDERS)('the capture language, on %s', (provider) => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(provider, { clock: { now: () => NOW } });
  });
  afterAll(async () => service?.close());

  const capture = (body: Record<string, unknown>, user: string, headers: Record<string, string> = {}) =>
    service.request(user, '/capture', { ...jsonRequest('POST', { timeZone: BERLIN, ...body }), headers: { 'content-type': 'application/json', ...headers } });
  const patchMe = (user: string, body: unknown) => service.request(user, '/me', jsonRequest('PATCH', body));
  const storedUser = (user: string) => service.database.db.user.findUnique({ where: { id: user } });

  it('reads the note in the request\'s lang and says so in the draft, with recurrenceText in that language', async () => {
    const response = await capture({ text: 'Yoga jeden Dienstag und Donnerstag um 19 Uhr, erinnere mich 10 Minuten vorher', lang: 'de' }, 'lang-user');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      title: 'Yoga',
      date: '2026-11-24',
      time: '19:00',
      recurrence: 'FREQ=WEEKLY;BYDAY=TU,TH',
      recurrenceText: 'jede Woche am Dienstag und Donnerstag um 19:00',
      remindBefore: 10,
      language: 'de',
    });
  });

  it('carries a reminder list said in the language into the draft\'s reminders', async () => {
    const response = await capture({ text: 'Zahnarzt morgen um 17 Uhr, erinnere mich um 8 Uhr und 10 Minuten vorher', lang: 'de' }, 'lang-user');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      title: 'Zahnarzt',
      dueAt: '2026-11-22T16:00:00.000Z',
      remindBefore: 10,
      reminders: [{ at: '2026-11-22T07:00:00.000Z' }, { before: 10 }],
      language: 'de',
    });
  });

  it('takes a BCP 47 tag by its primary subtag and refuses a language capture does not read with 400', async () => {
    const regional = await capture({ text: 'ligar para a mãe amanhã às 17h', lang: 'pt-BR' }, 'lang-user');
    expect(await regional.json()).toMatchObject({ title: 'Ligar para a mãe', date: '2026-11-22', time: '17:00', language: 'pt' });
    for (const lang of ['ja', 'english', '', 'de-', 'x-klingon']) {
      const refused = await capture({ text: 'call mom tomorrow', lang }, 'lang-user');
      expect((await expectErrorResponse(refused, 400)).message).toMatch(/lang must be one of en, de, fr, es, pt, nl, it/);
    }
  });

  it("uses the user's language when the request names none, over Accept-Language", async () => {
    const set = await patchMe('setting-user', { language: 'fr' });
    expect(set.status).toBe(200);
    expect(await set.json()).toEqual({ id: 'setting-user', displayName: 'setting-user', timeZone: 'UTC', language: 'fr', email: null, emailConfirmed: false });
    const draft = await (await capture({ text: 'appeler maman demain à 17h' }, 'setting-user', { 'accept-language': 'de-DE,de;q=0.9' })).json();
    expect(draft).toMatchObject({ title: 'Appeler maman', date: '2026-11-22', time: '17:00', language: 'fr' });
    // The request's own lang still wins.
    expect(await (await capture({ text: 'call mom tomorrow', lang: 'en' }, 'setting-user')).json()).toMatchObject({ title: 'Call mom', language: 'en' });
  });

  it('falls back to the first capture language of Accept-Language, then to the text itself', async () => {
    const header = await (await capture({ text: 'llamar a mamá mañana a las 5 de la tarde' }, 'header-user', { 'accept-language': 'ja-JP, es;q=0.8, en;q=0.5' })).json();
    expect(header).toMatchObject({ title: 'Llamar a mamá', date: '2026-11-22', time: '17:00', language: 'es' });
    const detected = await (await capture({ text: 'ogni ultimo venerdì del mese cena di squadra' }, 'header-user', { 'accept-language': '*' })).json();
    expect(detected).toMatchObject({ title: 'Cena di squadra', recurrence: 'FREQ=MONTHLY;BYDAY=-1FR', date: '2026-11-27', language: 'it' });
    const unsure = await (await capture({ text: '42' }, 'header-user', { 'accept-language': '*' })).json();
    expect(unsure).toMatchObject({ language: 'en' });
  });

  it('reads lang from a multipart form too', async () => {
    const form = new FormData();
    form.set('text', 'tandarts morgen om 15 uur');
    form.set('timeZone', BERLIN);
    form.set('lang', 'nl');
    const response = await service.request('form-user', '/capture', { method: 'POST', body: form });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ title: 'Tandarts', date: '2026-11-22', time: '15:00', language: 'nl' });
  });

  it('PATCH /me changes only what it is given, clears the language with null, and refuses bad values changing nothing', async () => {
    expect(await (await patchMe('patch-user', { timeZone: 'europe/paris' })).json()).toEqual({ id: 'patch-user', displayName: 'patch-user', timeZone: 'Europe/Paris', language: null, email: null, emailConfirmed: false });
    expect(await (await patchMe('patch-user', { language: 'IT' })).json()).toEqual({ id: 'patch-user', displayName: 'patch-user', timeZone: 'Europe/Paris', language: 'it', email: null, emailConfirmed: false });
    expect((await expectErrorResponse(await patchMe('patch-user', { language: 'ja' }), 400)).message).toMatch(/language must be one of en, de, fr, es, pt, nl, it/);
    expect((await expectErrorResponse(await patchMe('patch-user', { language: 'de', timeZone: 'Mars/Olympus' }), 400)).message).toMatch(/timeZone must be an IANA time zone/);
    await expectErrorResponse(await patchMe('patch-user', { language: 7 }), 400);
    expect(await storedUser('patch-user')).toMatchObject({ timeZone: 'Europe/Paris', language: 'it' });
    expect(await (await patchMe('patch-user', { language: null, email: null, emailConfirmed: false })).json()).toEqual({ id: 'patch-user', displayName: 'patch-user', timeZone: 'Europe/Paris', language: null, email: null, emailConfirmed: false });
    const wrongType = await service.request('patch-user', '/me', { method: 'PATCH', headers: { 'content-type': 'text/plain' }, body: 'language=de' });
    await expectErrorResponse(wrongType, 415);
  });

  it('GraphQL updateMe and captureTask take the same language, and refuse the same values', async () => {
    const updated = await graphqlData(service, 'graph-user', UpdateMeMutation, { input: { language: 'nl', timeZone: BERLIN } });
    expect(updated.updateMe).toEqual({ id: 'graph-user', timeZone: BERLIN, language: 'nl' });
    expect((await graphqlData(service, 'graph-user', MeWithLanguageQuery, {})).me).toMatchObject({ language: 'nl' });
    const drafted = await graphqlData(service, 'graph-user', CaptureInLanguageMutation, { input: { text: 'elke werkdag om 7 uur hardlopen' } });
    expect(drafted.captureTask).toEqual({
      title: 'Hardlopen',
      date: '2026-11-23',
      time: '07:00',
      recurrence: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
      recurrenceText: 'elke week op maandag, dinsdag, woensdag, donderdag en vrijdag om 7:00',
      remindBefore: null,
      language: 'nl',
    });
    const refusedLang = await graphqlRequest(service, 'graph-user', CaptureInLanguageMutation, { input: { text: 'x', lang: 'zz' } });
    expect(refusedLang.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const refusedSetting = await graphqlRequest(service, 'graph-user', UpdateMeMutation, { input: { language: 'klingon' } });
    expect(refusedSetting.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(await storedUser('graph-user')).toMatchObject({ language: 'nl' });
  });
});
