import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { parseTaskText } from '../../src/capture/parse-task-text.js';
import { createLocalOcr, offlineOcrLanguages } from '../../src/capture/recognize-image-text.js';
import { networkNamespacePrefix, requirePrivilege, skipWithoutPrivilege } from '../support/privileged-tests.js';

const fixture = path.join(import.meta.dirname, '../fixtures/capture/note.png');
const offline = networkNamespacePrefix();
const noNetworkNamespace = 'missing' in offline ? offline.missing : undefined;
const ocr = createLocalOcr();

afterAll(async () => {
  await ocr.close();
});

function normalise(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}

describe('createLocalOcr', () => {
  it.skipIf(skipWithoutPrivilege(noNetworkNamespace))(
    'reads a note in a process with no network at all: engine and language data come from node_modules',
    { timeout: 60_000 },
    async () => {
      requirePrivilege(noNetworkNamespace);
      const { prefix } = offline as { prefix: string[] };
      const script = path.join(import.meta.dirname, 'support/recognize-offline.ts');
      const { stdout } = await promisify(execFile)(prefix[0]!, [...prefix.slice(1), process.execPath, '--import', 'tsx', script, fixture], {
        timeout: 50_000,
      });
      const { network, recognized } = JSON.parse(stdout) as { network: { fetch: string | null; dns: string | null }; recognized: { text: string } };
      // The child really had no way out: an address and a name both failed at once.
      expect(network.fetch).toBe('ENETUNREACH');
      expect(network.dns).not.toBeNull();
      expect(normalise(recognized.text)).toContain('buy milk tomorrow at 5pm');
    },
  );

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

  it('fails every image at once, instead of waiting forever, when the language data is missing', { timeout: 30_000 }, async () => {
    const empty = await mkdtemp(path.join(tmpdir(), 'tickler-no-lang-'));
    const broken = createLocalOcr({ langPaths: { eng: empty } });
    try {
      const image = await readFile(fixture);
      await expect(broken.recognize(image)).rejects.toThrow(/eng\.traineddata\.gz/);
      await expect(broken.recognize(image)).rejects.toThrow(/eng\.traineddata\.gz/);
    } finally {
      await broken.close();
      await rm(empty, { recursive: true, force: true });
    }
  });

  it('has the trained data of every capture language installed, so photos are read offline in each', () => {
    expect(offlineOcrLanguages()).toEqual(['en', 'de', 'fr', 'es', 'pt', 'nl', 'it']);
  });

  it("reads a German note with the German data (the English data misreads its umlauts)", { timeout: 60_000 }, async () => {
    const image = await readFile(path.join(import.meta.dirname, '../fixtures/capture/notiz-de.png'));
    expect((await ocr.recognize(image, 'de')).text).toBe('Müll rausbringen übermorgen');
    expect((await ocr.recognize(image, 'en')).text).not.toContain('übermorgen');
  });

  it('reuses the worker for the next images', { timeout: 60_000 }, async () => {
    const image = await readFile(fixture);
    await ocr.recognize(image);
    // Thread ids count up: a probe thread before and after tells how many threads started in between.
    const nextThreadId = async () => {
      const probe = new Worker('', { eval: true });
      const id = probe.threadId;
      await probe.terminate();
      return id;
    };
    const before = await nextThreadId();

    const [first, second] = await Promise.all([ocr.recognize(image), ocr.recognize(image)]);

    expect(normalise(first.text)).toContain('buy milk tomorrow at 5pm');
    expect(normalise(second.text)).toBe(normalise(first.text));
    expect(await nextThreadId(), 'no OCR worker thread started for the later images').toBe(before + 1);
  });
});
