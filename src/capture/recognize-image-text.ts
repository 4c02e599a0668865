import { constants, existsSync } from 'node:fs';
import { access } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type Tesseract from 'tesseract.js';
import type { CaptureLanguage } from './languages/capture-language.js';

export interface RecognizedText {
  text: string;
  /** 0..1 (tesseract reports 0..100). */
  confidence: number;
}

export interface LocalOcr {
  /** Reads the image with the language's trained data when it is installed, else with English. */
  recognize(image: Buffer, language?: CaptureLanguage): Promise<RecognizedText>;
  /** Ends the worker threads; a later recognize() starts new ones. */
  close(): Promise<void>;
}

export interface LocalOcrOptions {
  /** Folders holding <code>.traineddata.gz per tesseract code (tests); default: the @tesseract.js-data packages. */
  langPaths?: Partial<Record<TesseractCode, string>>;
}

const require = createRequire(import.meta.url);

/** Tesseract's names for the capture languages; their data ships as @tesseract.js-data/<code>. */
export const TESSERACT_CODES = { en: 'eng', de: 'deu', fr: 'fra', es: 'spa', pt: 'por', nl: 'nld', it: 'ita' } as const satisfies Record<
  CaptureLanguage,
  string
>;
type TesseractCode = (typeof TESSERACT_CODES)[CaptureLanguage];

/**
 * The folder of the LSTM-only model of a language in its @tesseract.js-data package (the model
 * tesseract.js itself downloads for its default engine: a third of the size of the main folder, so the
 * worker starts faster), or null when that package is not installed. A local folder path (not a URL)
 * makes tesseract.js read the file from disk instead of fetching it.
 */
export function localTrainedDataPath(code: TesseractCode): string | null {
  try {
    const packageDir = path.dirname(require.resolve(`@tesseract.js-data/${code}/package.json`));
    const folder = path.join(packageDir, '4.0.0_best_int');
    return existsSync(path.join(folder, `${code}.traineddata.gz`)) ? folder : null;
  } catch {
    return null;
  }
}

/** The English model's folder (always installed). */
export function localEnglishDataPath(): string {
  const folder = localTrainedDataPath('eng');
  if (!folder) throw new Error('@tesseract.js-data/eng is not installed');
  return folder;
}

/** The capture languages whose trained data is installed, so their photos are read offline in that language. */
export function offlineOcrLanguages(): CaptureLanguage[] {
  return (Object.keys(TESSERACT_CODES) as CaptureLanguage[]).filter((language) => localTrainedDataPath(TESSERACT_CODES[language]) !== null);
}

async function startWorker(code: TesseractCode, langPath: string): Promise<Tesseract.Worker> {
  // tesseract.js loads on the first image, not when the service starts. Its createWorker() never
  // settles when the language data cannot be read, so every image would wait forever behind it: a
  // missing or unreadable file fails here instead, before a worker thread is spawned.
  await access(path.join(langPath, `${code}.traineddata.gz`), constants.R_OK);
  const { default: Tesseract } = await import('tesseract.js');
  return Tesseract.createWorker(code, Tesseract.OEM.LSTM_ONLY, {
    langPath,
    gzip: true,
    // Without this the worker writes a copy of the language data into the working directory.
    cacheMethod: 'none',
    // A failed job already rejects its recognize() call; without a handler tesseract.js also throws
    // from its message listener, an uncaught exception that would end the process on one bad image.
    errorHandler: () => undefined,
  });
}

/**
 * Lazily started tesseract workers, one per language used, each reused for every image (starting one
 * takes about a second). Images are read one at a time.
 */
export function createLocalOcr(options: LocalOcrOptions = {}): LocalOcr {
  const workers = new Map<TesseractCode, Promise<Tesseract.Worker>>();
  // A worker runs one job at a time; callers queue behind each other.
  let queue: Promise<unknown> = Promise.resolve();

  function dataFor(language: CaptureLanguage): { code: TesseractCode; langPath: string } {
    const code = TESSERACT_CODES[language];
    const langPath = options.langPaths?.[code] ?? localTrainedDataPath(code);
    if (langPath) return { code, langPath };
    return { code: 'eng', langPath: options.langPaths?.eng ?? localEnglishDataPath() };
  }

  function getWorker(language: CaptureLanguage): Promise<Tesseract.Worker> {
    const { code, langPath } = dataFor(language);
    let worker = workers.get(code);
    if (!worker) {
      worker = startWorker(code, langPath).catch((error: unknown) => {
        workers.delete(code);
        throw error;
      });
      workers.set(code, worker);
    }
    return worker;
  }

  async function recognizeNow(image: Buffer, language: CaptureLanguage): Promise<RecognizedText> {
    const { data } = await (await getWorker(language)).recognize(image);
    return { text: data.text.trim(), confidence: Math.max(0, Math.min(1, data.confidence / 100)) };
  }

  return {
    recognize(image, language = 'en') {
      const job = queue.then(() => recognizeNow(image, language));
      queue = job.catch(() => undefined);
      return job;
    },
    async close() {
      const running = [...workers.values()];
      workers.clear();
      await queue;
      await Promise.all(running.map(async (worker) => (await worker.catch(() => null))?.terminate()));
    },
  };
}
