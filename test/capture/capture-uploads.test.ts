import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '../../src/capture/capture-limits.js';
import { fileOf, formWith, GERMAN_NOTE_PNG, multipartBody, NOTE_PNG, streamedBody } from '../support/capture-uploads.js';
import { expectErrorResponse } from '../support/error-body.js';
import { PROVIDERS, startTestService, type TestService } from '../support/test-service.js';

// Saturday 2026-11-21, 12:00 in New York.
const NOW = new Date('2026-11-21T17:00:00Z');

function normalise(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}

describe.each(PROVIDERS)('POST /capture with files, no AI provider, on %s', (provider) => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(provider, { clock: { now: () => NOW } });
  });
  afterAll(async () => service?.close());

  const post = (body: FormData | Buffer, init: RequestInit = {}, query = '') =>
    service.request('uploader', `/capture${query}`, { method: 'POST', body: Buffer.isBuffer(body) ? new Uint8Array(body) : body, ...init });
  const postRaw = (parts: Parameters<typeof multipartBody>[0]) => {
    const { body, contentType } = multipartBody(parts);
    return post(body, { headers: { 'content-type': contentType } });
  };
  const countTasks = () => service.database.db.task.count({ where: { userId: 'uploader' } });

  it('reads a photographed note with local OCR and drafts the task from its text', { timeout: 60_000 }, async () => {
    const form = formWith('image', NOTE_PNG, { type: 'image/png', filename: 'note.png', fields: { timeZone: 'America/New_York' } });
    const response = await post(form);
    expect(response.status).toBe(200);
    const draft = (await response.json()) as any;
    expect(normalise(draft.extractedText)).toContain('buy milk tomorrow at 5pm');
    expect(draft).toMatchObject({ title: 'Buy milk', date: '2026-11-22', time: '17:00', dueAt: '2026-11-22T22:00:00.000Z', source: 'local' });
    expect(draft).not.toHaveProperty('transcript');
    expect(await countTasks()).toBe(0);
  });

  it("reads a photo with the trained data of the note's language, offline", { timeout: 60_000 }, async () => {
    const form = formWith('image', GERMAN_NOTE_PNG, { type: 'image/png', fields: { timeZone: 'Europe/Berlin', lang: 'de' } });
    const response = await post(form);
    expect(response.status).toBe(200);
    const draft = (await response.json()) as Record<string, unknown>;
    expect(draft).toMatchObject({ title: 'Müll rausbringen', date: '2026-11-23', time: null, language: 'de', source: 'local' });
    expect(draft.extractedText).toBe('Müll rausbringen übermorgen');
  });

  it('with ?create=true stores the task read from the photo (201)', { timeout: 60_000 }, async () => {
    // Declared as octet-stream: the bytes decide the type.
    const form = formWith('image', NOTE_PNG, { type: 'application/octet-stream', fields: { timeZone: 'America/New_York' } });
    const response = await post(form, {}, '?create=true');
    expect(response.status).toBe(201);
    const task = (await response.json()) as any;
    expect(task).toMatchObject({ title: 'Buy milk', dueAt: '2026-11-22T22:00:00.000Z', status: 'pending' });
    expect(response.headers.get('location')).toBe(`/tasks/${task.id}`);
    const stored = await service.database.db.task.findFirst({ where: { id: BigInt(task.id), userId: 'uploader' } });
    expect(stored).toMatchObject({ title: 'Buy milk', dueAt: new Date('2026-11-22T22:00:00.000Z') });
  });

  it('answers voice without an AI provider with 422 explaining that text can be sent instead', async () => {
    const body = await expectErrorResponse(await post(formWith('audio', fileOf('webm'), { type: 'audio/webm' })), 422);
    expect(body.message).toMatch(/AI provider/);
    expect(body.message).toMatch(/"text"/);
    // Decided from the first bytes: a long recording is not read to the end first.
    await expectErrorResponse(await post(formWith('audio', fileOf('wav', 5 * 1024 * 1024), { type: 'audio/wav' })), 422);
  });

  it.each<[string, string, Buffer, string]>([
    ['a text file sent as an image', 'image', fileOf('text'), 'image/png'],
    ['PNG bytes sent as audio', 'audio', fileOf('png'), 'audio/webm'],
    ['WAV bytes sent as an image', 'image', fileOf('wav'), 'image/png'],
    ['an image declared as text/plain', 'image', NOTE_PNG, 'text/plain'],
    ['audio declared as image/png', 'audio', fileOf('ogg'), 'image/png'],
    ['a GIF', 'image', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'image/gif'],
    ['a PDF', 'image', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n', 'latin1'), 'application/pdf'],
    ['a HEIC photo', 'image', Buffer.from('\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic', 'latin1'), 'image/heic'],
    ['a Matroska video as audio', 'audio', Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88, ...Buffer.from('matroska')]), 'audio/webm'],
    ['a tiny file of 3 bytes', 'image', Buffer.from('abc'), 'image/png'],
  ])('refuses %s with 415', async (_name, field, bytes, type) => {
    await expectErrorResponse(await post(formWith(field, bytes, { type })), 415);
  });

  it('refuses an image over 10 MiB with 413, cutting the upload off', async () => {
    const big = fileOf('png', UPLOAD_MAX_BYTES.image + 1);
    const body = await expectErrorResponse(await post(formWith('image', big, { type: 'image/png' })), 413);
    expect(body.message).toMatch(/10 MiB/);
    // Streamed without Content-Length, the server's own count stops it.
    const { body: raw, contentType } = multipartBody([{ name: 'image', filename: 'big.png', type: 'image/png', value: big }]);
    await expectErrorResponse(await post(raw, { headers: { 'content-type': contentType }, ...streamedBody(raw) }), 413);
  });

  it('refuses a request over 25 MiB (plus room for the form) with 413 from its Content-Length, before reading it', async () => {
    const huge = fileOf('webm', 26 * 1024 * 1024);
    const started = Date.now();
    await expectErrorResponse(await post(formWith('audio', huge, { type: 'audio/webm' })), 413);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('refuses an empty file with 400', async () => {
    await expectErrorResponse(await post(formWith('image', Buffer.alloc(0), { type: 'image/png' })), 400);
    await expectErrorResponse(await post(formWith('audio', Buffer.alloc(0), { type: 'audio/webm' })), 400);
  });

  it('answers an image with no readable text, or one that cannot be decoded, with 422', { timeout: 60_000 }, async () => {
    const noText = await expectErrorResponse(await post(formWith('image', fileOf('png', 4096), { type: 'image/png' })), 422);
    expect(noText.message).toMatch(/image/);
    await expectErrorResponse(await post(formWith('image', fileOf('jpeg', 4096), { type: 'image/jpeg' })), 422);
    await expectErrorResponse(await post(formWith('image', fileOf('webp', 4096), { type: 'image/webp' })), 422);
    // A bad image does not take the OCR worker (or the process) down with it.
    const after = await post(formWith('image', NOTE_PNG, { type: 'image/png', fields: { timeZone: 'America/New_York' } }));
    expect(after.status).toBe(200);
    expect(await after.json()).toMatchObject({ title: 'Buy milk' });
  });

  it.each<[string, Parameters<typeof multipartBody>[0]]>([
    ['a form with no parts', []],
    ['a form with only a time zone', [{ name: 'timeZone', value: 'Europe/Berlin' }]],
    ['a form with only unknown fields', [{ name: 'note', value: 'buy milk' }]],
    ['an empty text field and no file', [{ name: 'text', value: '' }]],
    ['two files', [
      { name: 'image', filename: 'a.png', type: 'image/png', value: NOTE_PNG },
      { name: 'audio', filename: 'b.webm', type: 'audio/webm', value: fileOf('webm') },
    ]],
    ['a file under another name', [{ name: 'document', filename: 'a.png', type: 'image/png', value: NOTE_PNG }]],
    ['the image as a plain field', [{ name: 'image', value: 'not a file' }]],
    ['text sent twice', [{ name: 'text', value: 'buy milk' }, { name: 'text', value: 'buy bread' }]],
    ['an unknown time zone', [{ name: 'text', value: 'buy milk' }, { name: 'timeZone', value: 'Nowhere/Special' }]],
  ])('refuses %s with 400', async (_name, parts) => {
    await expectErrorResponse(await postRaw(parts), 400);
  });

  it('drafts from a text field alone, and refuses a text field over 4 000 characters with 413', async () => {
    const ok = await postRaw([{ name: 'text', value: 'buy milk tomorrow' }, { name: 'timeZone', value: 'America/New_York' }]);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ title: 'Buy milk', date: '2026-11-22', source: 'local' });
    await expectErrorResponse(await postRaw([{ name: 'text', value: 'x'.repeat(4_001) }]), 413);
    await expectErrorResponse(await postRaw([{ name: 'text', value: 'é'.repeat(4_001) }]), 413);
    await expectErrorResponse(await postRaw([{ name: 'text', value: 'x'.repeat(20_000) }]), 413);
  });

  it('answers every kind of broken multipart with 400 (415 for another multipart type) in the error shape, storing nothing', async () => {
    const png = NOTE_PNG.subarray(0, 200);
    const { body: whole } = multipartBody([{ name: 'image', filename: 'a.png', type: 'image/png', value: png }]);
    const cases: Array<[string, string | Buffer, number]> = [
      ['multipart/form-data', whole, 400],
      ['multipart/form-data; boundary=', whole, 400],
      ['multipart/form-data; boundary=other', whole, 400],
      ['multipart/form-data; boundary=tickler-test-boundary', whole.subarray(0, whole.length - 30), 400],
      ['multipart/form-data; boundary=tickler-test-boundary', whole.subarray(0, 60), 400],
      ['multipart/form-data; boundary=tickler-test-boundary', '--tickler-test-boundary\r\n\r\n\r\n--tickler-test-boundary--', 400],
      ['multipart/form-data; boundary=tickler-test-boundary', '--tickler-test-boundary\r\nContent-Disposition: form-data\r\n\r\nx\r\n--tickler-test-boundary--\r\n', 400],
      ['multipart/form-data; boundary=tickler-test-boundary', `--tickler-test-boundary\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nx\r\n--tickler-test-boundary--\r\n`, 400],
      ['multipart/form-data; boundary=tickler-test-boundary', `--tickler-test-boundary\r\nContent-Disposition: form-data; name="text"\r\nContent-Type: application/json\r\n\r\n{"a":\r\n--tickler-test-boundary--\r\n`, 400],
      ['multipart/form-data; boundary=tickler-test-boundary', `--tickler-test-boundary\r\nContent-Disposition: form-data; name="text"\r\nContent-Type: application/json\r\n\r\n{"a":1}\r\n--tickler-test-boundary--\r\n`, 400],
      ['multipart/form-data; boundary=tickler-test-boundary', `--tickler-test-boundary\r\n${'X-Junk: y\r\n'.repeat(200)}\r\nx\r\n--tickler-test-boundary--\r\n`, 400],
      ['multipart/form-data; boundary=tickler-test-boundary', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)), 400],
      ['multipart/form-data; boundary=tickler-test-boundary', '', 400],
      ['multipart/form-data; boundary=tickler-test-boundary', 'x'.repeat(100_000), 400],
      ['multipart/mixed; boundary=tickler-test-boundary', whole, 415],
    ];
    const tasksBefore = await countTasks();
    for (const [type, body, status] of cases) {
      const response = await post(Buffer.from(body), { headers: { 'content-type': type } });
      expect(response.status, `${type}: ${Buffer.from(body).subarray(0, 40).toString('latin1')}`).toBe(status);
      await expectErrorResponse(response, status);
    }
    const fields = Array.from({ length: 20 }, (_, i) => ({ name: `f${i}`, value: 'v' }));
    const many = await postRaw(fields);
    await expectErrorResponse(many, 413);
    // None of those stored anything (the photo test before this one may have stored its task).
    expect(await countTasks()).toBe(tasksBefore);
    // The service still works after all that.
    const after = await postRaw([{ name: 'text', value: 'still fine' }]);
    expect(after.status).toBe(200);
    expect(await after.json()).toMatchObject({ title: 'Still fine', source: 'local' });
  });
});
