import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseTaskText } from '../../src/capture/parse-task-text.js';
import { createLocalOcr, localEnglishDataPath } from '../../src/capture/recognize-image-text.js';

const fixture = path.join(import.meta.dirname, '../fixtures/capture/note.png');
const ocr = createLocalOcr();

afterAll(async () => {
  await ocr.close();
});

function normalise(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}

describe('createLocalOcr', () => {
  it('reads the language data from node_modules, not from the network', () => {
    expect(existsSync(path.join(localEnglishDataPath(), 'eng.traineddata.gz'))).toBe(true);
  });

  it('reads a photographed note and the parser turns it into a task', { timeout: 60_000 }, async () => {
    const image = await readFile(fixture);

    const recognized = await ocr.recognize(image);

    expect(normalise(recognized.text)).toContain('buy milk tomorrow at 5pm');
    expect(recognized.confidence).toBeGreaterThan(0.5);
    const draft = parseTaskText(recognized.text, {
      now: new Date('2026-11-21T17:00:00Z'),
      timeZone: 'America/New_York',
      defaultTime: '09:00',
    });
    expect(draft).toMatchObject({ title: 'Buy milk', date: '2026-11-22', time: '17:00' });
    expect(draft.dueAt?.toISOString()).toBe('2026-11-22T22:00:00.000Z');
  });

  it('reuses the worker for the next image', { timeout: 30_000 }, async () => {
    const image = await readFile(fixture);
    const started = Date.now();

    const [first, second] = await Promise.all([ocr.recognize(image), ocr.recognize(image)]);

    expect(normalise(first.text)).toBe(normalise(second.text));
    // Starting a worker alone takes about a second; two recognitions on a warm one take far less.
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
