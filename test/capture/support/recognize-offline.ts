// Run by recognize-image-text.test.ts in a process without network: reads the image named on the
// command line with the local OCR and prints, as one JSON line, what happened when it tried the network
// first (so the test knows the network really was unreachable) and what the OCR read.
import { lookup } from 'node:dns/promises';
import { readFile } from 'node:fs/promises';
import { createLocalOcr } from '../../../src/capture/recognize-image-text.js';

async function failureOf(attempt: () => Promise<unknown>): Promise<string | null> {
  try {
    await attempt();
    return null;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return String(cause?.code ?? (error as { code?: string }).code ?? error);
  }
}

const network = {
  // A documentation address (RFC 5737): never answers anywhere, so only "unreachable" fails fast.
  fetch: await failureOf(() => fetch('http://192.0.2.1/', { signal: AbortSignal.timeout(5_000) })),
  dns: await failureOf(() => lookup('tessdata.projectnaptha.com')),
};

const ocr = createLocalOcr();
try {
  const recognized = await ocr.recognize(await readFile(process.argv[2]!));
  process.stdout.write(`${JSON.stringify({ network, recognized })}\n`);
} finally {
  await ocr.close();
}
