import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type Tesseract from 'tesseract.js';

export interface RecognizedText {
  text: string;
  /** 0..1 (tesseract reports 0..100). */
  confidence: number;
}

export interface LocalOcr {
  recognize(image: Buffer): Promise<RecognizedText>;
  /** Ends the worker thread; a later recognize() starts a new one. */
  close(): Promise<void>;
}

export interface LocalOcrOptions {
  /** A folder holding eng.traineddata.gz; defaults to the copy in @tesseract.js-data/eng. */
  langPath?: string;
}

const require = createRequire(import.meta.url);

/**
 * The LSTM-only model, the one tesseract.js itself downloads for its default engine: a third of the
 * size of the package's main folder, so the worker starts faster. A local folder path (not a URL)
 * makes tesseract.js read the file from disk instead of fetching it.
 */
export function localEnglishDataPath(): string {
  const packageDir = path.dirname(require.resolve('@tesseract.js-data/eng/package.json'));
  return path.join(packageDir, '4.0.0_best_int');
}

async function startWorker(langPath: string): Promise<Tesseract.Worker> {
  // tesseract.js loads on the first image, not when the service starts. Its createWorker() never
  // settles when the language data cannot be read, so every image would wait forever behind it: a
  // missing or unreadable file fails here instead, before a worker thread is spawned.
  await access(path.join(langPath, 'eng.traineddata.gz'), constants.R_OK);
  const { default: Tesseract } = await import('tesseract.js');
  return Tesseract.createWorker('eng', Tesseract.OEM.LSTM_ONLY, {
    langPath,
    gzip: true,
    // Without this the worker writes a copy of the language data into the working directory.
    cacheMethod: 'none',
    // A failed job already rejects its recognize() call; without a handler tesseract.js also throws
    // from its message listener, an uncaught exception that would end the process on one bad image.
    errorHandler: () => undefined,
  });
}

/** One lazily started tesseract worker, reused for every image (starting it takes about a second). */
export function createLocalOcr(options: LocalOcrOptions = {}): LocalOcr {
  const langPath = options.langPath ?? localEnglishDataPath();
  let worker: Promise<Tesseract.Worker> | null = null;
  // A worker runs one job at a time; callers queue behind each other.
  let queue: Promise<unknown> = Promise.resolve();

  function getWorker(): Promise<Tesseract.Worker> {
    worker ??= startWorker(langPath).catch((error: unknown) => {
      worker = null;
      throw error;
    });
    return worker;
  }

  async function recognizeNow(image: Buffer): Promise<RecognizedText> {
    const { data } = await (await getWorker()).recognize(image);
    return { text: data.text.trim(), confidence: Math.max(0, Math.min(1, data.confidence / 100)) };
  }

  return {
    recognize(image) {
      const job = queue.then(() => recognizeNow(image));
      queue = job.catch(() => undefined);
      return job;
    },
    async close() {
      const running = worker;
      worker = null;
      await queue;
      if (running) await (await running.catch(() => null))?.terminate();
    },
  };
}
