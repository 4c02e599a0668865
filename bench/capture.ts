/**
 * `npm run bench:capture`: the offline capture path. Local parse latency (p50/p99) over the phrase
 * table of the accuracy test, and local OCR time for the committed note.png (cold: including the
 * worker start; warm: the worker reused). BENCH_ROUNDS (passes over the table, default 20),
 * BENCH_OCR_RUNS (warm OCR runs, default 5).
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseTaskText } from '../src/capture/parse-task-text.js';
import { createLocalOcr } from '../src/capture/recognize-image-text.js';
import { phraseTables } from '../test/capture/phrases.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const OCR_RUNS = Number(process.env.BENCH_OCR_RUNS ?? 5);
const FIXTURE = new URL('../test/fixtures/capture/note.png', import.meta.url);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

const ms = (value: number) => `${value.toFixed(3)} ms`;

function benchParse(): void {
  const calls = phraseTables.flatMap((table) =>
    table.cases.map((phrase) => ({
      text: phrase.text,
      options: { now: table.now, timeZone: table.timeZone, defaultTime: table.defaultTime },
    })),
  );
  // Warm-up: chrono's and luxon's first calls compile regexes and load zone data.
  for (const call of calls) parseTaskText(call.text, call.options);
  const samples: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const call of calls) {
      const started = performance.now();
      parseTaskText(call.text, call.options);
      samples.push(performance.now() - started);
    }
  }
  samples.sort((a, b) => a - b);
  const mean = samples.reduce((sum, value) => sum + value, 0) / samples.length;
  console.log(`local parse: ${calls.length} phrases x ${ROUNDS} rounds = ${samples.length} calls`);
  console.log(`  p50 ${ms(percentile(samples, 50))}   p99 ${ms(percentile(samples, 99))}   mean ${ms(mean)}   max ${ms(samples.at(-1)!)}`);
}

async function benchOcr(): Promise<void> {
  const image = readFileSync(FIXTURE);
  const ocr = createLocalOcr();
  try {
    let started = performance.now();
    const first = await ocr.recognize(image);
    const cold = performance.now() - started;
    const warm: number[] = [];
    for (let run = 0; run < OCR_RUNS; run += 1) {
      started = performance.now();
      await ocr.recognize(image);
      warm.push(performance.now() - started);
    }
    warm.sort((a, b) => a - b);
    console.log(`local OCR on test/fixtures/capture/note.png (${image.length} bytes): read ${JSON.stringify(first.text.replace(/\s+/g, ' '))}`);
    console.log(`  cold (worker start + recognise) ${ms(cold)}   warm p50 ${ms(percentile(warm, 50))}   warm max ${ms(warm.at(-1)!)} (${OCR_RUNS} runs)`);
  } finally {
    await ocr.close();
  }
}

benchParse();
await benchOcr();
