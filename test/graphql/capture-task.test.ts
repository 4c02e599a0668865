import { print } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '../../src/capture/capture-limits.js';
import { useAiCaptureService } from '../support/ai-capture-service.js';
import { fileOf, formWith, multipartBody, NOTE_PNG, streamedBody } from '../support/capture-uploads.js';
import { apiError, chatCompletion } from '../support/fake-openai.js';
import { graphqlData, graphqlRequest, graphqlUpload, type GraphqlResponse, type UploadFile } from '../support/graphql-client.js';
import { PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import { CaptureTaskMutation, CreateTaskMutation } from './documents.js';
import type { CaptureTaskMutation as CaptureResult } from './generated/graphql.js';

// Saturday 2026-11-21, 12:00 in New York.
const NOW = new Date('2026-11-21T17:00:00Z');
const NEW_YORK = 'America/New_York';
const UPLOAD = 'variables.input.upload';

function expectRefusal(response: GraphqlResponse<CaptureResult>, code: string, reason?: string) {
  const { body } = response;
  expect(body.data?.captureTask ?? null, JSON.stringify(body)).toBeNull();
  expect(body.errors?.[0]?.extensions?.code, JSON.stringify(body)).toBe(code);
  if (reason !== undefined) expect(body.errors?.[0]?.extensions?.reason).toBe(reason);
  expect(body.errors?.[0]?.message.length).toBeGreaterThan(0);
}

describe.each(PROVIDERS)('captureTask over GraphQL, no AI provider, on %s', (provider) => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(provider, { clock: { now: () => NOW } });
  });
  afterAll(async () => service?.close());

  const capture = (input: { text?: string; timeZone?: string }, user = 'capturer') =>
    graphqlRequest(service, user, CaptureTaskMutation, { input });
  const upload = (file: UploadFile, input: { text?: string; timeZone?: string } = { timeZone: NEW_YORK }, user = 'capturer') =>
    graphqlUpload(service, user, CaptureTaskMutation, { input: { ...input, upload: null } }, { [UPLOAD]: file });
  const countTasks = (user = 'capturer') => service.database.db.task.count({ where: { userId: user } });

  it('drafts a task from text like REST does, stores nothing, and createTask takes the draft as it is', async () => {
    const text = 'call mom tomorrow at 5pm, remind me 10 minutes before';
    const draft = (await graphqlData(service, 'reviewer', CaptureTaskMutation, { input: { text, timeZone: NEW_YORK } })).captureTask!;
    expect(draft).toEqual({
      title: 'Call mom',
      description: '',
      date: '2026-11-22',
      time: '17:00',
      dueAt: '2026-11-22T22:00:00.000Z',
      reminder: 'MINUTES_10',
      remindBefore: 10,
      source: 'LOCAL',
      transcript: null,
      extractedText: null,
      confidence: expect.any(Number),
    });
    const rest = (await (await service.request('reviewer', '/capture', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text, timeZone: NEW_YORK }),
    })).json()) as Record<string, unknown>;
    expect(rest).toMatchObject({ title: draft.title, date: draft.date, time: draft.time, dueAt: draft.dueAt, remindBefore: 10, source: 'local', confidence: draft.confidence });
    expect(await countTasks('reviewer')).toBe(0);

    // The user reviews it (here: accepts it) and saves it.
    const { title, description, dueAt, reminder } = draft;
    const task = (await graphqlData(service, 'reviewer', CreateTaskMutation, { input: { title, description, dueAt, reminder } })).createTask!;
    expect(task).toMatchObject({ title: 'Call mom', dueAt: '2026-11-22T22:00:00.000Z', reminder: 'MINUTES_10', nextReminderAt: '2026-11-22T21:50:00.000Z' });
    expect(await countTasks('reviewer')).toBe(1);
  });

  it('reads a photographed note sent as a GraphQL multipart upload with local OCR', { timeout: 60_000 }, async () => {
    const { status, body } = await upload({ bytes: NOTE_PNG, type: 'image/png', filename: 'note.png' });
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    const draft = body.data!.captureTask!;
    expect(draft.extractedText!.replace(/\s+/g, ' ').trim().toLowerCase()).toContain('buy milk tomorrow at 5pm');
    expect(draft).toMatchObject({ title: 'Buy milk', date: '2026-11-22', time: '17:00', dueAt: '2026-11-22T22:00:00.000Z', source: 'LOCAL', transcript: null });
    expect(await countTasks()).toBe(0);
  });

  it('refuses voice without an AI provider with the code REST answers 422 with (capture/voice_needs_ai)', async () => {
    const webm = fileOf('webm');
    const response = await upload({ bytes: webm, type: 'audio/webm', filename: 'voice.webm' });
    expectRefusal(response, 'UNPROCESSABLE_CONTENT', 'capture/voice_needs_ai');
    expect(response.body.errors?.[0]?.message).toMatch(/AI provider/);
    const rest = await service.request('capturer', '/capture', { method: 'POST', body: formWith('audio', webm, { type: 'audio/webm' }) });
    expect(rest.status).toBe(422);
  });

  it.each<[string, UploadFile]>([
    ['a text file', { bytes: fileOf('text'), type: 'text/plain' }],
    ['a text file declared as an image', { bytes: fileOf('text'), type: 'image/png' }],
    ['PNG bytes declared as audio', { bytes: fileOf('png'), type: 'audio/webm' }],
    ['WAV bytes declared as an image', { bytes: fileOf('wav'), type: 'image/png' }],
    ['a GIF', { bytes: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), type: 'image/gif' }],
    ['a PDF', { bytes: Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n', 'latin1'), type: 'application/pdf' }],
  ])('refuses %s with UNSUPPORTED_MEDIA_TYPE', async (_name, file) => {
    expectRefusal(await upload(file), 'UNSUPPORTED_MEDIA_TYPE', 'capture/unsupported_type');
  });

  it('refuses an image over 10 MiB, and a request over 25 MiB from its Content-Length, with PAYLOAD_TOO_LARGE', async () => {
    const big = await upload({ bytes: fileOf('png', UPLOAD_MAX_BYTES.image + 1), type: 'image/png' });
    expectRefusal(big, 'PAYLOAD_TOO_LARGE', 'capture/too_large');
    expect(big.body.errors?.[0]?.message).toMatch(/10 MiB/);

    const started = Date.now();
    const huge = await upload({ bytes: fileOf('webm', UPLOAD_MAX_BYTES.audio + 1024 * 1024), type: 'audio/webm' });
    expect(huge.status).toBe(413);
    expectRefusal(huge, 'PAYLOAD_TOO_LARGE', 'request/body_too_large');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('refuses a streamed upload without Content-Length once it passes 25 MiB, with PAYLOAD_TOO_LARGE (413)', async () => {
    const operations = JSON.stringify({ query: print(CaptureTaskMutation), variables: { input: { upload: null } } });
    const { body, contentType } = multipartBody([
      { name: 'operations', value: operations },
      { name: 'map', value: JSON.stringify({ 0: [UPLOAD] }) },
      { name: '0', filename: 'long.webm', type: 'audio/webm', value: fileOf('webm', UPLOAD_MAX_BYTES.audio + 2 * 1024 * 1024) },
    ]);
    const response = await service.request('capturer', '/graphql', {
      method: 'POST',
      headers: { 'content-type': contentType, accept: 'application/json' },
      ...streamedBody(body),
    });
    expect(response.status).toBe(413);
    expectRefusal({ status: 413, headers: response.headers, body: (await response.json()) as never }, 'PAYLOAD_TOO_LARGE', 'request/body_too_large');
  });

  it('answers malformed multipart requests with a 4xx GraphQL error, never a 5xx, and keeps working', async () => {
    const operations = JSON.stringify({ query: print(CaptureTaskMutation), variables: { input: { upload: null } } });
    const bodies: Array<[string, Buffer]> = [
      ['multipart/form-data', multipartBody([{ name: 'operations', value: operations }]).body],
      ['multipart/form-data; boundary=tickler-test-boundary', Buffer.from('garbage')],
      ['multipart/form-data; boundary=tickler-test-boundary', multipartBody([{ name: 'map', value: '{}' }]).body],
      ['multipart/form-data; boundary=tickler-test-boundary', multipartBody([{ name: 'operations', value: '{bad' }]).body],
      ['multipart/form-data; boundary=tickler-test-boundary', multipartBody([{ name: 'operations', value: operations }, { name: 'map', value: 'nope' }]).body],
      ['multipart/form-data; boundary=tickler-test-boundary', multipartBody([
        { name: 'operations', value: operations },
        { name: 'map', value: JSON.stringify({ 0: ['variables.input.__proto__'] }) },
        { name: '0', filename: 'a.png', type: 'image/png', value: NOTE_PNG },
      ]).body],
    ];
    for (const [type, body] of bodies) {
      const response = await service.request('capturer', '/graphql', { method: 'POST', headers: { 'content-type': type, accept: 'application/json' }, body: new Uint8Array(body) });
      expect(response.status, type).toBeLessThan(500);
      const result = (await response.json()) as { data?: { captureTask: unknown } | null; errors?: unknown[] };
      expect(result.errors?.length, JSON.stringify(result)).toBeGreaterThan(0);
      expect(result.data?.captureTask ?? null).toBeNull();
    }
    // REST's own multipart endpoint is untouched by GraphQL's.
    const rest = await service.request('capturer', '/capture', { method: 'POST', body: formWith('image', fileOf('text'), { type: 'image/png' }) });
    expect(rest.status).toBe(415);
    expect((await capture({ text: 'still fine tomorrow', timeZone: NEW_YORK })).body.data?.captureTask?.title).toBe('Still fine');
  });

  it('refuses empty, oversized or malformed input with BAD_USER_INPUT or PAYLOAD_TOO_LARGE, never a crash', async () => {
    expectRefusal(await capture({}), 'BAD_USER_INPUT', 'capture/empty');
    expectRefusal(await capture({ text: '   ' }), 'BAD_USER_INPUT', 'capture/empty');
    expectRefusal(await capture({ text: 'buy milk', timeZone: 'Nowhere/Special' }), 'BAD_USER_INPUT');
    expectRefusal(await capture({ text: 'nul \u0000' }), 'BAD_USER_INPUT', 'capture/invalid');
    expectRefusal(await capture({ text: 'x'.repeat(4_001) }), 'PAYLOAD_TOO_LARGE', 'capture/too_large');
    expectRefusal(await upload({ bytes: Buffer.alloc(0), type: 'image/png' }), 'BAD_USER_INPUT', 'capture/empty');
    // A file variable sent as JSON instead of a file part.
    const notAFile = await graphqlRequest(service, 'capturer', CaptureTaskMutation, { input: { upload: 'aGVsbG8=' as never } });
    expect(notAFile.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(await countTasks()).toBe(0);
  });

  it('refuses an upload without a valid token before reading it (401, UNAUTHENTICATED)', async () => {
    const response = await graphqlUpload(service, null, CaptureTaskMutation, { input: { upload: null } }, { [UPLOAD]: { bytes: NOTE_PNG, type: 'image/png' } });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
    expect(response.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe.each(PROVIDERS)('captureTask over GraphQL with an AI provider, on %s', (provider) => {
  const ai = useAiCaptureService(provider, { now: NOW, env: { CAPTURE_AI_TIMEOUT: '2s' } });

  it('transcribes a voice note uploaded through GraphQL and parses the transcript with the provider', async () => {
    const audio = fileOf('wav', 2048);
    ai.fake.answer = (request) =>
      request.path.endsWith('/audio/transcriptions')
        ? { status: 200, body: { text: ' Remind me to call mom tomorrow at 5pm. ' } }
        : request.json?.response_format
          ? chatCompletion(JSON.stringify({ title: 'Call Mom', description: '', date: '2026-11-22', time: '17:00', remindBefore: 30, confidence: 0.9 }))
          : apiError(400);
    const { body } = await graphqlUpload(
      ai.service,
      'ai-user',
      CaptureTaskMutation,
      { input: { upload: null, timeZone: NEW_YORK } },
      { [UPLOAD]: { bytes: audio, type: 'audio/wav', filename: 'voice.wav' } },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data!.captureTask).toEqual({
      title: 'Call Mom',
      description: '',
      date: '2026-11-22',
      time: '17:00',
      dueAt: '2026-11-22T22:00:00.000Z',
      reminder: 'MINUTES_30',
      remindBefore: 30,
      source: 'AI',
      transcript: 'Remind me to call mom tomorrow at 5pm.',
      extractedText: null,
      confidence: 0.9,
    });
    expect(ai.fake.received.map((request) => request.path)).toEqual(['/v1/audio/transcriptions', '/v1/chat/completions']);
    const file = ai.fake.received[0]!.form!.get('file') as File;
    expect(ai.fake.received[0]!.form!.get('model')).toBe('transcribe-model');
    expect(Buffer.from(await file.arrayBuffer()).equals(audio)).toBe(true);
    expect(ai.fake.received[1]!.json.model).toBe('parse-model');
  });
});
