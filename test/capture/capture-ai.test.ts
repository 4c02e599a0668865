import { describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '../../src/capture/capture-limits.js';
import { useAiCaptureService } from '../support/ai-capture-service.js';
import { fileOf, formWith, multipartBody, NOTE_PNG, streamedBody } from '../support/capture-uploads.js';
import { expectErrorResponse } from '../support/error-body.js';
import { apiError, chatCompletion, type FakeAnswer, type ReceivedRequest } from '../support/fake-openai.js';
import { jsonRequest, PROVIDERS, startTestService } from '../support/test-service.js';

// Saturday 2026-11-21, 12:00 in New York.
const NOW = new Date('2026-11-21T17:00:00Z');
// Long enough that a busy machine does not make a prompt fake provider look slow; short enough to wait for.
const AI_TIMEOUT_MS = 2_000;
const NEW_YORK = 'America/New_York';

/** What a well-behaved model answers for "call mom tomorrow at 5pm …". */
const GOOD_ANSWER = { title: 'Call Mom', description: '', date: '2026-11-22', time: '17:00', recurrence: null, remindBefore: 10, confidence: 0.93 };
/** What the offline parser makes of the same text (note the lower-case "mom"). */
const LOCAL_DRAFT = { title: 'Call mom', date: '2026-11-22', time: '17:00', dueAt: '2026-11-22T22:00:00.000Z', source: 'local' };
const TEXT = 'call mom tomorrow at 5pm, remind me 10 minutes before';

const isParse = (request: ReceivedRequest) => request.json?.response_format !== undefined;
const isVision = (request: ReceivedRequest) => request.path.endsWith('/chat/completions') && !isParse(request);
const isTranscription = (request: ReceivedRequest) => request.path.endsWith('/audio/transcriptions');

describe.each(PROVIDERS)('POST /capture with an AI provider, on %s', (provider) => {
  const ai = useAiCaptureService(provider, {
    now: NOW,
    env: { OPENAI_VISION_MODEL: 'vision-model', CAPTURE_AI_TIMEOUT: `${AI_TIMEOUT_MS}ms` },
  });

  const answerParse = (answer: FakeAnswer) => {
    ai.fake.answer = (request) => (isParse(request) ? answer : apiError(400, 'unexpected request'));
  };
  const captureText = (text = TEXT, query = '', user = 'ai-user') =>
    ai.service.request(user, `/capture${query}`, jsonRequest('POST', { text, timeZone: NEW_YORK }));
  const upload = (form: FormData | Buffer, init: RequestInit = {}) =>
    ai.service.request('ai-user', '/capture', { method: 'POST', body: Buffer.isBuffer(form) ? new Uint8Array(form) : form, ...init });

  it('parses text with chat completions and a strict JSON schema, the local time and zone in the prompt', async () => {
    answerParse(chatCompletion(JSON.stringify(GOOD_ANSWER)));
    const response = await captureText();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      title: 'Call Mom',
      description: '',
      date: '2026-11-22',
      time: '17:00',
      dueAt: '2026-11-22T22:00:00.000Z',
      recurrence: null,
      recurrenceText: null,
      remindBefore: 10,
      reminders: [{ before: 10 }],
      source: 'ai',
      language: 'en',
      confidence: 0.93,
      listId: null,
      labels: [],
      priority: 'low',
    });

    expect(ai.fake.received).toHaveLength(1);
    const [request] = ai.fake.received;
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/v1/chat/completions');
    expect(request!.headers.authorization).toBe('Bearer sk-test-key');
    const body = request!.json;
    expect(body.model).toBe('parse-model');
    expect(body.response_format.type).toBe('json_schema');
    expect(body.response_format.json_schema.strict).toBe(true);
    const schema = body.response_format.json_schema.schema;
    expect(schema.type).toBe('object');
    expect(schema.additionalProperties).toBe(false);
    expect([...schema.required].sort()).toEqual(Object.keys(schema.properties).sort());
    expect(Object.keys(schema.properties).sort()).toEqual(['confidence', 'date', 'description', 'recurrence', 'remindBefore', 'time', 'title']);
    const system = body.messages.find((m: any) => m.role === 'system').content as string;
    expect(system).toContain('Saturday 2026-11-21 12:00 in America/New_York (UTC-05:00)');
    expect(system).toContain('The note is in English (en); write the title in English.');
    expect(body.messages.find((m: any) => m.role === 'user').content).toBe(TEXT);
  });

  it('reads quick-add marks itself: the provider gets the note without them, the draft carries them', async () => {
    answerParse(chatCompletion(JSON.stringify(GOOD_ANSWER)));
    const before = ai.fake.received.length;
    const response = await captureText(`${TEXT} @family !high`);
    expect(await response.json()).toMatchObject({ title: 'Call Mom', source: 'ai', labels: ['family'], priority: 'high', listId: null });
    const parse = ai.fake.received.slice(before).find(isParse)!;
    expect(parse.json.messages.find((m: any) => m.role === 'user').content).toBe(TEXT);
  });

  it('takes a repeat rule from the provider, checked like a client rule, and creates the repeating task', async () => {
    answerParse(
      chatCompletion(JSON.stringify({ ...GOOD_ANSWER, title: 'Team lunch', date: '2026-11-27', time: '12:30', recurrence: 'freq=weekly;interval=2;byday=fr', remindBefore: null })),
    );
    const draft = (await (await captureText('team lunch every other friday at 12:30')).json()) as any;
    expect(draft).toMatchObject({
      source: 'ai',
      recurrence: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=FR',
      recurrenceText: 'every 2 weeks on Friday at 12:30',
      dueAt: '2026-11-27T17:30:00.000Z',
    });
    const created = await captureText('team lunch every other friday at 12:30', '?create=true');
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ title: 'Team lunch', recurrence: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=FR' });
  });

  it.each([
    ['an hourly rule', 'FREQ=HOURLY'],
    ['text that is not a rule', 'every friday'],
    ['a rule with BYHOUR', 'FREQ=DAILY;BYHOUR=9,17'],
  ])('discards an answer with %s and reads the text offline instead', async (_name, recurrence) => {
    answerParse(chatCompletion(JSON.stringify({ ...GOOD_ANSWER, title: 'Team lunch', date: '2026-11-27', time: '12:30', recurrence })));
    const draft = (await (await captureText('team lunch every other friday at 12:30')).json()) as any;
    expect(draft).toMatchObject({ source: 'local', title: 'Team lunch', recurrence: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=FR', date: '2026-11-27', time: '12:30' });
  });

  it('computes dueAt itself, at CAPTURE_DEFAULT_TIME for a date without a time', async () => {
    answerParse(chatCompletion(JSON.stringify({ ...GOOD_ANSWER, title: 'Pay rent', date: '2026-12-01', time: null, remindBefore: null })));
    const draft = (await (await captureText('pay rent on the 1st')).json()) as any;
    expect(draft).toMatchObject({ title: 'Pay rent', date: '2026-12-01', time: null, dueAt: '2026-12-01T14:00:00.000Z', source: 'ai' });
  });

  it('falls back to the local parser when the provider does not answer within CAPTURE_AI_TIMEOUT', async () => {
    answerParse({ hang: true });
    const started = Date.now();
    const response = await captureText();
    const elapsed = Date.now() - started;
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject(LOCAL_DRAFT);
    expect(elapsed).toBeGreaterThanOrEqual(AI_TIMEOUT_MS - 50);
    expect(elapsed).toBeLessThan(AI_TIMEOUT_MS + 1_500);
    expect(ai.fake.received).toHaveLength(1);
  });

  it('falls back to the local parser on a 500, without retrying', async () => {
    answerParse(apiError(500));
    const response = await captureText();
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject(LOCAL_DRAFT);
    expect(ai.fake.received).toHaveLength(1);
  });

  const nonsense: Array<[string, FakeAnswer]> = [
    ['prose instead of JSON', chatCompletion('Sure! Your task is to call mom tomorrow.')],
    ['an empty message', chatCompletion('')],
    ['no content', chatCompletion(null)],
    ['a refusal', chatCompletion(null, 'parse-model', 'I cannot help with that')],
    ['a JSON array', chatCompletion('[1, 2, 3]')],
    ['February 30', chatCompletion(JSON.stringify({ ...GOOD_ANSWER, date: '2026-02-30' }))],
    ['a date in the past', chatCompletion(JSON.stringify({ ...GOOD_ANSWER, date: '2025-11-22' }))],
    ['a date centuries ahead', chatCompletion(JSON.stringify({ ...GOOD_ANSWER, date: '2526-11-22' }))],
    ['a slash date', chatCompletion(JSON.stringify({ ...GOOD_ANSWER, date: '11/22/2026' }))],
    ['hour 25', chatCompletion(JSON.stringify({ ...GOOD_ANSWER, time: '25:00' }))],
    ['a 12-hour time', chatCompletion(JSON.stringify({ ...GOOD_ANSWER, time: '5:00 PM' }))],
    ['a time without a date', chatCompletion(JSON.stringify({ ...GOOD_ANSWER, date: null }))],
    ['an empty title', chatCompletion(JSON.stringify({ ...GOOD_ANSWER, title: '   ' }))],
    ['a NUL in the title', chatCompletion(JSON.stringify({ ...GOOD_ANSWER, title: 'Call\u0000mom' }))],
    ['a numeric title', chatCompletion(JSON.stringify({ ...GOOD_ANSWER, title: 42 }))],
    ['a missing field', chatCompletion(JSON.stringify({ title: 'Call mom', date: '2026-11-22', time: '17:00' }))],
    ['an unsupported lead time', chatCompletion(JSON.stringify({ ...GOOD_ANSWER, remindBefore: 15 }))],
    ['a confidence that is not a number', chatCompletion(JSON.stringify({ ...GOOD_ANSWER, confidence: 'high' }))],
    ['no choices', { status: 200, body: { id: 'x', object: 'chat.completion', choices: [] } }],
    ['a body that is not JSON', { status: 200, body: 'not json at all' }],
    ['a 400', apiError(400)],
    ['a 401', apiError(401)],
    ['a 429', apiError(429)],
  ];

  it.each(nonsense)('discards %s and falls back to the local parser with source "local"', async (_name, answer) => {
    answerParse(answer);
    const response = await captureText();
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject(LOCAL_DRAFT);
  });

  it('falls back when the provider cannot be reached at all', async () => {
    const unreachable = await startTestService(provider, {
      clock: { now: () => NOW },
      env: { OPENAI_API_KEY: 'sk-test-key', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', CAPTURE_AI_TIMEOUT: '2s' },
    });
    try {
      const response = await unreachable.request('ai-user', '/capture', jsonRequest('POST', { text: TEXT, timeZone: NEW_YORK }));
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject(LOCAL_DRAFT);
    } finally {
      await unreachable.close();
    }
  });

  it('reads an image with the vision model, sending it as a data URL, then parses the text', async () => {
    ai.fake.answer = (request) =>
      isVision(request)
        ? chatCompletion('Buy milk tomorrow at 5pm')
        : isParse(request)
          ? chatCompletion(JSON.stringify({ ...GOOD_ANSWER, title: 'Buy milk', remindBefore: null }))
          : apiError(400);
    const response = await upload(formWith('image', NOTE_PNG, { type: 'image/png', fields: { timeZone: NEW_YORK } }));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      title: 'Buy milk',
      date: '2026-11-22',
      time: '17:00',
      source: 'ai',
      extractedText: 'Buy milk tomorrow at 5pm',
    });

    expect(ai.fake.received).toHaveLength(2);
    const vision = ai.fake.received[0]!.json;
    expect(vision.model).toBe('vision-model');
    const parts = vision.messages.flatMap((m: any) => (Array.isArray(m.content) ? m.content : []));
    expect(parts).toContainEqual({ type: 'image_url', image_url: { url: `data:image/png;base64,${NOTE_PNG.toString('base64')}` } });
    expect(parts.some((p: any) => p.type === 'text')).toBe(true);
    expect(ai.fake.received[1]!.json.messages.find((m: any) => m.role === 'user').content).toBe('Buy milk tomorrow at 5pm');
  });

  it('falls back to local OCR when the vision call fails, and then asks the provider nothing more', { timeout: 60_000 }, async () => {
    ai.fake.answer = () => apiError(503);
    const response = await upload(formWith('image', NOTE_PNG, { type: 'image/png', fields: { timeZone: NEW_YORK } }));
    expect(response.status).toBe(200);
    const draft = (await response.json()) as any;
    expect(draft).toMatchObject({ title: 'Buy milk', date: '2026-11-22', time: '17:00', source: 'local' });
    expect(draft.extractedText.toLowerCase()).toContain('buy milk tomorrow at 5pm');
    expect(ai.fake.received).toHaveLength(1);
  });

  it('transcribes audio as a multipart upload with the transcription model, then parses the transcript', async () => {
    const audio = fileOf('wav', 2048);
    ai.fake.answer = (request) =>
      isTranscription(request)
        ? { status: 200, body: { text: ' Remind me to call mom tomorrow at 5pm. ' } }
        : isParse(request)
          ? chatCompletion(JSON.stringify({ ...GOOD_ANSWER, remindBefore: null }))
          : apiError(400);
    const response = await upload(formWith('audio', audio, { type: 'audio/wav', filename: 'voice.wav', fields: { timeZone: NEW_YORK } }));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      title: 'Call Mom',
      dueAt: '2026-11-22T22:00:00.000Z',
      source: 'ai',
      transcript: 'Remind me to call mom tomorrow at 5pm.',
    });

    const transcription = ai.fake.received[0]!;
    expect(transcription.path).toBe('/v1/audio/transcriptions');
    expect(transcription.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(transcription.form!.get('model')).toBe('transcribe-model');
    const file = transcription.form!.get('file') as File;
    expect(file.name).toBe('audio.wav');
    expect(file.type).toBe('audio/wav');
    expect(Buffer.from(await file.arrayBuffer()).equals(audio)).toBe(true);
    expect(ai.fake.received[1]!.json.messages.find((m: any) => m.role === 'user').content).toBe('Remind me to call mom tomorrow at 5pm.');
    // Nothing said which language the speech is in, so the transcription is not told one.
    expect(transcription.form!.get('language')).toBeNull();
  });

  it('tells the transcription and the parse prompt the language when it is known, and keeps the title in it', async () => {
    ai.fake.answer = (request) =>
      isTranscription(request)
        ? { status: 200, body: { text: 'Zahnarzt morgen um 15 Uhr' } }
        : isParse(request)
          ? chatCompletion(JSON.stringify({ ...GOOD_ANSWER, title: 'Zahnarzt', time: '15:00', remindBefore: null }))
          : apiError(400);
    const response = await upload(formWith('audio', fileOf('wav'), { type: 'audio/wav', fields: { timeZone: NEW_YORK, lang: 'de' } }));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ title: 'Zahnarzt', time: '15:00', source: 'ai', language: 'de', transcript: 'Zahnarzt morgen um 15 Uhr' });
    const [transcription, parse] = ai.fake.received;
    expect(transcription!.form!.get('language')).toBe('de');
    expect(parse!.json.messages.find((m: any) => m.role === 'system').content).toContain('The note is in German (de); write the title in German.');
  });

  it("passes the user's stored language to the transcription when the request names none", async () => {
    await ai.service.request('polyglot', '/me', jsonRequest('PATCH', { language: 'fr' }));
    ai.fake.answer = (request) => (isTranscription(request) ? { status: 200, body: { text: 'appeler maman demain à 17h' } } : apiError(500));
    const response = await ai.service.request('polyglot', '/capture', { method: 'POST', body: formWith('audio', fileOf('wav'), { type: 'audio/wav', fields: { timeZone: NEW_YORK } }) });
    // The parse call fails, so the offline parser reads the transcript, in French.
    expect(await response.json()).toMatchObject({ title: 'Appeler maman', date: '2026-11-22', time: '17:00', source: 'local', language: 'fr' });
    expect(ai.fake.received[0]!.form!.get('language')).toBe('fr');
  });

  it('validates an AI answer for a note in another language the same way (a rule the task rules refuse is discarded)', async () => {
    answerParse(chatCompletion(JSON.stringify({ ...GOOD_ANSWER, title: 'Müll rausbringen', recurrence: 'FREQ=HOURLY', remindBefore: null })));
    const response = await ai.service.request('ai-user', '/capture', jsonRequest('POST', { text: 'jeden Montag um 9 Müll rausbringen', timeZone: NEW_YORK, lang: 'de' }));
    expect(await response.json()).toMatchObject({
      title: 'Müll rausbringen',
      recurrence: 'FREQ=WEEKLY;BYDAY=MO',
      recurrenceText: 'jede Woche am Montag um 9:00',
      date: '2026-11-23',
      time: '09:00',
      source: 'local',
      language: 'de',
    });
  });

  it('parses a transcript locally when only the parse call fails', async () => {
    ai.fake.answer = (request) => (isTranscription(request) ? { status: 200, body: { text: 'call mom tomorrow at 5pm' } } : { hang: true });
    const response = await upload(formWith('audio', fileOf('mp3'), { type: 'audio/mpeg', fields: { timeZone: NEW_YORK } }));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ...LOCAL_DRAFT, transcript: 'call mom tomorrow at 5pm' });
  });

  it.each<[string, FakeAnswer, RegExp]>([
    ['a 500', apiError(500), /unavailable/],
    ['a timeout', { hang: true }, /in time/],
    ['a refused file (400)', apiError(400, 'Invalid file format.'), /refused/],
    ['an answer without text', { status: 200, body: { words: [] } }, /no usable answer/],
  ])('answers 422 when transcription fails with %s (speech has no offline fallback)', async (_name, answer, message) => {
    ai.fake.answer = () => answer;
    const body = await expectErrorResponse(await upload(formWith('audio', fileOf('ogg'), { type: 'audio/ogg' })), 422);
    expect(body.message).toMatch(message);
    expect(body.message).toMatch(/"text"/);
    expect(ai.fake.received.filter(isParse)).toHaveLength(0);
  });

  it('answers 422 when the audio holds no speech', async () => {
    ai.fake.answer = () => ({ status: 200, body: { text: '  ' } });
    await expectErrorResponse(await upload(formWith('audio', fileOf('m4a'), { type: 'audio/mp4' })), 422);
  });

  it('refuses audio over 25 MiB with 413, cutting a streamed upload off at the limit', async () => {
    ai.fake.answer = () => ({ status: 200, body: { text: 'never asked' } });
    const { body, contentType } = multipartBody([
      { name: 'audio', filename: 'long.webm', type: 'audio/webm', value: fileOf('webm', UPLOAD_MAX_BYTES.audio + 1) },
    ]);
    const error = await expectErrorResponse(await upload(body, { headers: { 'content-type': contentType }, ...streamedBody(body) }), 413);
    expect(error.message).toMatch(/25 MiB/);
    expect(ai.fake.received).toHaveLength(0);
  });

  it('accepts audio of exactly 25 MiB', async () => {
    ai.fake.answer = (request) => (isTranscription(request) ? { status: 200, body: { text: 'buy milk' } } : apiError(500));
    // Its own instance with a roomy AI timeout: passing 25 MiB on to the provider can take longer than
    // the short timeout the other tests use when the machine is busy.
    const roomy = await startTestService(provider, {
      clock: { now: () => NOW },
      env: {
        OPENAI_API_KEY: 'sk-test-key',
        OPENAI_BASE_URL: ai.fake.baseUrl,
        OPENAI_TRANSCRIBE_MODEL: 'transcribe-model',
        CAPTURE_AI_TIMEOUT: '30s',
      },
    });
    try {
      const response = await roomy.request('ai-user', '/capture', {
        method: 'POST',
        body: formWith('audio', fileOf('webm', UPLOAD_MAX_BYTES.audio), { type: 'video/webm' }),
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ title: 'Buy milk', source: 'local', transcript: 'buy milk' });
    } finally {
      await roomy.close();
    }
  });

  it('with ?create=true stores the AI draft as a task (201); the suggested remindBefore is not stored', async () => {
    answerParse(chatCompletion(JSON.stringify(GOOD_ANSWER)));
    const response = await captureText(TEXT, '?create=true', 'ai-creator');
    expect(response.status).toBe(201);
    const task = (await response.json()) as any;
    expect(task).toMatchObject({ title: 'Call Mom', dueAt: '2026-11-22T22:00:00.000Z', status: 'pending' });
    expect(response.headers.get('location')).toBe(`/tasks/${task.id}`);
    const stored = await ai.service.database.db.task.findMany({ where: { userId: 'ai-creator' } });
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ title: 'Call Mom', dueAt: new Date('2026-11-22T22:00:00.000Z') });
  });
});
