import type { ServiceContext } from '../context.js';
import type { Logger } from '../logger.js';
import { AiSession } from './ai/ai-session.js';
import { AiCallError, type AiFailureKind, type CaptureAi } from './ai/capture-ai.js';
import { validateAiDraft } from './ai/validate-ai-draft.js';
import {
  captureTooLarge,
  emptyCapture,
  invalidCapture,
  nothingRecognized,
  transcriptionFailed,
  voiceNeedsAi,
} from './capture-errors.js';
import { CAPTURE_TEXT_MAX_LENGTH, type UploadKind } from './capture-limits.js';
import { acceptUploadType, assertUploadSize } from './check-upload.js';
import type { ParseOptions, TaskDraftFields } from './parse-task-text.js';
import type { LocalOcr } from './recognize-image-text.js';
import { resolveTimeZone } from './resolve-time-zone.js';
import { describeRecurrenceRule } from './describe-recurrence.js';
import type { CaptureLanguage } from './languages/capture-language.js';
import { detectLanguage } from './detect-language.js';
import { knownCaptureLanguage } from './resolve-capture-language.js';
import { SNIFF_BYTES, type SniffedType } from './sniff-file-type.js';
import { readQuickAddMarks, type CaptureList } from './read-quick-add-marks.js';
import type { Priority } from '../tasks/task-view.js';

export interface CaptureUpload {
  kind: UploadKind;
  bytes: Buffer;
  /** The client's Content-Type for the file; the bytes decide, this only has to be plausible. */
  declaredType?: string;
}

export interface CaptureInput {
  /** Typed text; beside a file, a note read before the file's text. */
  text?: string;
  upload?: CaptureUpload;
  /** IANA zone; default: the user's stored zone, else UTC. */
  timeZone?: string;
  /** The request's `lang`: a BCP 47 tag of a language capture reads; else the user's setting, Accept-Language, the text. */
  language?: string;
  /** The request's Accept-Language header. */
  acceptLanguage?: string;
}

export interface CaptureDeps {
  /** null when no AI provider is configured. */
  ai: CaptureAi | null;
  ocr: LocalOcr;
  /** "HH:MM" for date-only phrases. */
  defaultTime: string;
  /**
   * The lists the caller may add tasks to, their own first: what a `#Name` mark can name. Asked only
   * when the note has a `#`.
   */
  lists: (ctx: ServiceContext) => Promise<readonly CaptureList[]>;
}

export interface CaptureDraft extends TaskDraftFields {
  /** Who read the date and title: the AI provider, or the offline parser (also after an AI failure). */
  source: 'ai' | 'local';
  /** The language the note was read in. */
  language: CaptureLanguage;
  /** The repeat in the capture language at the local due time ("every week on Monday at 9:00"); null when it does not repeat. */
  recurrenceText: string | null;
  transcript?: string;
  extractedText?: string;
  /** The list a `#Name` mark named; null for the caller's Inbox. */
  listId: number | null;
  /** `@label` marks, in the order written. */
  labels: string[];
  /** From a `p1`…`p4` or `!urgent`…`!low` mark; `low` (the default) when there was none. */
  priority: Priority;
}

type ReadDraft = Omit<CaptureDraft, 'listId' | 'labels' | 'priority'>;

function codePoints(text: string): number {
  let length = 0;
  for (const _ of text) length += 1;
  return length;
}

function checkText(text: string): string {
  if (codePoints(text) > CAPTURE_TEXT_MAX_LENGTH) {
    throw captureTooLarge(`text must be at most ${CAPTURE_TEXT_MAX_LENGTH} characters`);
  }
  if (!text.isWellFormed()) throw invalidCapture('text must be well-formed Unicode (no lone surrogates)');
  if (text.includes('\u0000')) throw invalidCapture('text must not contain NUL characters');
  return text.trim();
}

function checkUpload(upload: CaptureUpload, ai: CaptureAi | null): SniffedType {
  if (upload.bytes.length === 0) throw emptyCapture(`The ${upload.kind} file is empty`);
  const type = acceptUploadType(upload.kind, upload.bytes.subarray(0, SNIFF_BYTES), upload.declaredType);
  if (upload.kind === 'audio' && !ai) throw voiceNeedsAi();
  assertUploadSize(upload.kind, upload.bytes.length);
  return type;
}

// Extracted text can be far longer than a typed note; the parser reads as much as a note may hold.
function firstCharacters(text: string, count: number): string {
  return codePoints(text) <= count ? text : [...text].slice(0, count).join('');
}

const TRANSCRIPTION_FAILURES: Record<AiFailureKind, string> = {
  timeout: 'the transcription service did not answer in time',
  rejected: 'the transcription service refused the audio',
  'invalid-answer': 'the transcription service gave no usable answer',
  unavailable: 'the transcription service is unavailable',
};

async function transcribe(session: AiSession, upload: CaptureUpload, type: SniffedType, language: CaptureLanguage | null): Promise<string> {
  try {
    return await session.call('transcribe', (ai) =>
      ai.transcribe({ bytes: upload.bytes, mimeType: type.mimeType, extension: type.extension, ...(language ? { language } : {}) }),
    );
  } catch (error) {
    // Speech has no offline fallback; the caller learns why and can send the words as text.
    throw transcriptionFailed(TRANSCRIPTION_FAILURES[error instanceof AiCallError ? error.kind : 'unavailable']);
  }
}

async function readImage(
  session: AiSession,
  ocr: LocalOcr,
  upload: CaptureUpload,
  type: SniffedType,
  language: CaptureLanguage | null,
  logger: Logger,
): Promise<string> {
  const viaAi = await session.attempt('read image', (ai) => ai.readImageText({ bytes: upload.bytes, mimeType: type.mimeType }));
  if (viaAi !== null) return viaAi;
  try {
    return (await ocr.recognize(upload.bytes, language ?? 'en')).text;
  } catch (error) {
    // A file with the right signature can still be undecodable; that is the file's fault, not ours.
    logger.warn({ err: error }, 'local OCR could not read the image');
    throw nothingRecognized('The image could not be decoded');
  }
}

type ReadOptions = ParseOptions & { language: CaptureLanguage };

async function parseDraft(session: AiSession, text: string, options: ReadOptions, logger: Logger): Promise<ReadDraft> {
  // A note of nothing but marks has nothing for the provider to read.
  const answer =
    text === ''
      ? null
      : await session.attempt('parse', (ai) => ai.parseTaskText({ text, now: options.now, timeZone: options.timeZone, language: options.language }));
  if (answer !== null) {
    const checked = validateAiDraft(answer, options);
    if (checked.ok) return withReading({ ...checked.draft, source: 'ai' }, options);
    logger.warn({ reason: checked.reason }, 'AI draft discarded; falling back to the local parser');
  }
  return withReading({ ...(await localParser())(text, options), source: 'local' }, options);
}

/**
 * The local parser and chrono-node under it (hundreds of modules, about a tenth of the service's start-up
 * and 15 MB) load on the first capture, not when the service starts.
 */
async function localParser(): Promise<typeof import('./parse-task-text.js').parseTaskText> {
  return (await import('./parse-task-text.js')).parseTaskText;
}

function withReading(draft: TaskDraftFields & { source: CaptureDraft['source'] }, options: ReadOptions): ReadDraft {
  const recurrenceText =
    draft.recurrence && draft.dueAt ? describeRecurrenceRule(draft.recurrence, draft.dueAt, options.timeZone, options.language) : null;
  return { ...draft, language: options.language, recurrenceText };
}

/**
 * Turns typed text, a voice note or a photo into a task draft for the caller to review. Creates
 * nothing. Text and images always work offline; the AI provider, when configured, reads them better
 * and is the only way to transcribe speech.
 */
export async function captureTask(ctx: ServiceContext, input: CaptureInput, deps: CaptureDeps): Promise<CaptureDraft> {
  const note = input.text === undefined ? '' : checkText(input.text);
  const upload = input.upload;
  if (!upload && note === '') {
    throw emptyCapture(input.text === undefined ? 'Send "text", or one "audio" or "image" file' : 'text must not be empty');
  }
  const type = upload ? checkUpload(upload, deps.ai) : null;
  const known = await knownCaptureLanguage(ctx, input);
  const timeZone = await resolveTimeZone(ctx, input.timeZone);
  const session = new AiSession(deps.ai, ctx.logger);

  let transcript: string | undefined;
  let extractedText: string | undefined;
  if (upload && type && upload.kind === 'audio') {
    transcript = (await transcribe(session, upload, type, known)).trim();
    if (transcript === '') throw nothingRecognized('No speech was recognised in the audio');
  } else if (upload && type) {
    extractedText = (await readImage(session, deps.ocr, upload, type, known, ctx.logger)).trim();
    if (extractedText === '') throw nothingRecognized('No text was found in the image');
  }

  const read = firstCharacters([note, transcript ?? extractedText ?? ''].filter(Boolean).join('\n'), CAPTURE_TEXT_MAX_LENGTH);
  // Marks are read before either reader sees the note, so the AI provider and the offline parser read the same words.
  const marks = readQuickAddMarks(read, read.includes('#') ? await deps.lists(ctx) : []);
  const text = marks.text;
  const language = known ?? (await detectLanguage(text));
  const options: ReadOptions = { now: ctx.clock.now(), timeZone, defaultTime: deps.defaultTime, language };
  const draft = await parseDraft(session, text, options, ctx.logger);
  return {
    ...draft,
    listId: marks.listId,
    labels: marks.labels,
    priority: marks.priority ?? 'low',
    ...(transcript !== undefined ? { transcript } : {}),
    ...(extractedText !== undefined ? { extractedText } : {}),
  };
}
