/**
 * `npm run bench:capture`: the offline capture path. Accuracy on the phrase table (test/capture/tables:
 * the project's phrases and the held-out ones) per language and per kind (title, date, time,
 * recurrence, reminder); local parse latency (p50/p99) over the whole table, per language; language
 * detection time; and local OCR time for the committed note.png (cold: including the worker start;
 * warm: the worker reused). BENCH_ROUNDS (passes over the table, default 20), BENCH_OCR_RUNS (warm OCR
 * runs, default 5).
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseTaskText } from '../src/capture/parse-task-text.js';
import { createLocalOcr } from '../src/capture/recognize-image-text.js';
import { detectLanguage } from '../src/capture/detect-language.js';
import { allTables, projectTables } from '../test/capture/tables/all-tables.js';
import { heldOutTables } from '../test/capture/tables/heldout.js';
import { formatScores, scoreTables } from '../test/capture/tables/score-tables.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const OCR_RUNS = Number(process.env.BENCH_OCR_RUNS ?? 5);
const FIXTURE = new URL('../test/fixtures/capture/note.png', import.meta.url);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

const ms = (value: number) => `${value.toFixed(3)} ms`;

function reportAccuracy(): void {
  console.log('accuracy, project phrases (exact: title, date, time, rule and reminder all right):');
  console.log(formatScores(scoreTables(projectTables)));
  console.log('accuracy, held-out phrases (written from real task lists without reading the parser):');
  console.log(formatScores(scoreTables(heldOutTables())));
  console.log('accuracy, the whole table:');
  console.log(formatScores(scoreTables(allTables())));
}

function benchParse(): void {
  const calls = allTables().flatMap((table) =>
    table.cases.map((phrase) => ({
      text: phrase.text,
      language: table.language,
      options: { now: table.now, timeZone: table.timeZone, defaultTime: table.defaultTime, language: table.language },
    })),
  );
  // Warm-up: chrono's and luxon's first calls compile regexes and load zone data.
  for (const call of calls) parseTaskText(call.text, call.options);
  const samples: number[] = [];
  // CPU time of this process per call: on a shared machine the wall clock also counts the time the
  // process waited for a core, which says more about the neighbours than about the parser.
  const cpuSamples: number[] = [];
  const byLanguage = new Map<string, number[]>();
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const call of calls) {
      const cpuStarted = process.cpuUsage();
      const started = performance.now();
      parseTaskText(call.text, call.options);
      const took = performance.now() - started;
      const cpu = process.cpuUsage(cpuStarted);
      cpuSamples.push((cpu.user + cpu.system) / 1000);
      samples.push(took);
      const own = byLanguage.get(call.language) ?? [];
      own.push(took);
      byLanguage.set(call.language, own);
    }
  }
  samples.sort((a, b) => a - b);
  const mean = samples.reduce((sum, value) => sum + value, 0) / samples.length;
  cpuSamples.sort((a, b) => a - b);
  console.log(`local parse: ${calls.length} phrases x ${ROUNDS} rounds = ${samples.length} calls (load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores)`);
  console.log(`  all  wall p50 ${ms(percentile(samples, 50))}   p99 ${ms(percentile(samples, 99))}   mean ${ms(mean)}   max ${ms(samples.at(-1)!)}`);
  console.log(`  all  CPU  p50 ${ms(percentile(cpuSamples, 50))}   p99 ${ms(percentile(cpuSamples, 99))}`);
  for (const [language, own] of byLanguage) {
    own.sort((a, b) => a - b);
    console.log(`  ${language.padEnd(4)} wall p50 ${ms(percentile(own, 50))}   p99 ${ms(percentile(own, 99))}`);
  }
}

async function benchDetection(): Promise<void> {
  const texts = allTables().flatMap((table) => table.cases.map((phrase) => phrase.text));
  await detectLanguage(texts[0]!);
  const samples: number[] = [];
  for (const text of texts) {
    const started = performance.now();
    await detectLanguage(text);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  console.log(`language detection (when nothing names the language): ${texts.length} phrases, p50 ${ms(percentile(samples, 50))}   p99 ${ms(percentile(samples, 99))}`);
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

reportAccuracy();
benchParse();
await benchDetection();
await benchOcr();
