import { createHash } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { captureTooLarge } from '../../capture/capture-errors.js';
import {
  CAPTURE_JSON_BODY_LIMIT,
  CAPTURE_MULTIPART_MAX_BYTES,
  CAPTURE_TEXT_MAX_LENGTH,
} from '../../capture/capture-limits.js';
import { captureTask, type CaptureDeps, type CaptureDraft, type CaptureInput } from '../../capture/capture-task.js';
import { createCapturedTask } from '../../capture/create-captured-task.js';
import { AppError } from '../../errors.js';
import { REMIND_BEFORE_CHOICES } from '../../capture/extract-remind-before.js';
import { CAPTURE_LANGUAGES } from '../../capture/languages/capture-language.js';
import { PRIORITIES, toTaskView } from '../../tasks/task-view.js';
import { readCaptureForm, CAPTURE_FORM_LIMITS } from '../read-capture-form.js';
import { replyOnce } from '../reply-once.js';

export interface CaptureRouteDeps {
  capture: CaptureDeps;
}

const timeZoneProperty = {
  type: 'string',
  description: "IANA time zone the text is read in, e.g. Europe/Berlin; default: the user's stored zone, else UTC",
} as const;

const langProperty = {
  type: 'string',
  description: `The note's language, a BCP 47 tag whose primary subtag is one of ${CAPTURE_LANGUAGES.join(', ')} (else 400); default: the user's setting, then Accept-Language, then the text decides`,
} as const;

const textProperty = {
  type: 'string',
  description: `What the user typed or said, at most ${CAPTURE_TEXT_MAX_LENGTH} characters (longer: 413)`,
} as const;

const captureTextBody = {
  type: 'object',
  properties: { text: textProperty, timeZone: timeZoneProperty, lang: langProperty },
} as const;

const captureFormBody = {
  type: 'object',
  description:
    'A `text` field, one file part (`audio` or `image`), or both; never two files. The file type is decided by its content.',
  properties: {
    audio: {
      type: 'string',
      format: 'binary',
      description: 'A voice note: webm, mp4/m4a, mpeg/mp3, wav or ogg, at most 25 MiB. Needs an AI provider (else 422).',
    },
    image: { type: 'string', format: 'binary', description: 'A photo of a note: png, jpeg or webp, at most 10 MiB' },
    text: { type: 'string', description: 'Optional note, read before the text of the file' },
    timeZone: timeZoneProperty,
    lang: langProperty,
  },
} as const;

const captureDraftSchema = {
  description: 'The draft; nothing was stored',
  type: 'object',
  required: [
    'title',
    'description',
    'date',
    'time',
    'dueAt',
    'recurrence',
    'recurrenceText',
    'remindBefore',
    'reminders',
    'source',
    'language',
    'confidence',
    'listId',
    'labels',
    'priority',
  ],
  properties: {
    title: { type: 'string', description: 'May be empty when nothing but a date was understood' },
    description: { type: 'string' },
    date: { type: ['string', 'null'], format: 'date', description: 'YYYY-MM-DD in the time zone used' },
    time: { type: ['string', 'null'], pattern: '^\\d{2}:\\d{2}$', description: 'HH:MM (24 h), null when no time was named' },
    dueAt: {
      type: ['string', 'null'],
      format: 'date-time',
      description: 'RFC 3339 UTC; a date without a time is due at CAPTURE_DEFAULT_TIME',
    },
    recurrence: {
      type: ['string', 'null'],
      description: 'The RRULE of a repeating phrase ("every monday" → FREQ=WEEKLY;BYDAY=MO); dueAt is the first occurrence',
    },
    recurrenceText: {
      type: ['string', 'null'],
      description: 'The repeat in the capture language ("every week on Monday at 9:00", "jede Woche am Montag um 9:00")',
    },
    remindBefore: {
      type: ['integer', 'null'],
      enum: [...REMIND_BEFORE_CHOICES, null],
      description: 'Suggested minutes of notice before dueAt, when the text asked for it (the first relative reminder)',
    },
    reminders: {
      type: 'array',
      items: { $ref: 'TaskReminder#' },
      description: 'Every reminder the text asked for ("remind me at 8am and 10 min before"), as POST /tasks takes them',
    },
    source: { type: 'string', enum: ['ai', 'local'], description: 'ai: read by the AI provider; local: by the offline parser' },
    language: {
      type: 'string',
      enum: CAPTURE_LANGUAGES,
      description: "The language the note was read in: `lang`, else the user's setting, else Accept-Language, else detected from the text (English when unsure)",
    },
    transcript: { type: 'string', description: 'The words of an audio upload' },
    extractedText: { type: 'string', description: 'The text read from an image upload' },
    confidence: { type: 'number', minimum: 0, maximum: 1 },
    listId: {
      type: ['integer', 'null'],
      description: "The list a `#Name` mark named (one of the caller's lists they may add to, any letter case); null: the caller's Inbox",
    },
    labels: { type: 'array', items: { type: 'string' }, description: '`@label` marks, in the order written' },
    priority: {
      type: 'string',
      enum: PRIORITIES,
      description: 'From a `p1`…`p4` (p1 urgent, p4 low) or `!urgent`/`!high`/`!medium`/`!low` mark; `low` when there was none',
    },
  },
} as const;

const captureErrors = {
  400: { description: 'Empty text or file, no input, a malformed body or form, an unknown time zone, a language capture does not read', $ref: 'Error#' },
  401: { description: 'Missing, malformed, expired or otherwise invalid bearer token', $ref: 'Error#' },
  413: { description: `Text over ${CAPTURE_TEXT_MAX_LENGTH} characters, audio over 25 MiB, image over 10 MiB`, $ref: 'Error#' },
  415: {
    description: 'Content-Type is neither application/json nor multipart/form-data, or the file is not an accepted format',
    $ref: 'Error#',
  },
  422: {
    description: 'Voice without an AI provider, a failed transcription, or nothing readable in the file',
    $ref: 'Error#',
  },
};

interface CaptureDraftView extends Omit<CaptureDraft, 'dueAt'> {
  dueAt: string | null;
}

function toCaptureDraftView(draft: CaptureDraft): CaptureDraftView {
  return { ...draft, dueAt: draft.dueAt ? draft.dueAt.toISOString() : null };
}

function mediaTypeOf(request: FastifyRequest): string | undefined {
  return request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
}

// Refuses what cannot be a capture before any of the body is read.
async function screenRequest(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const mediaType = mediaTypeOf(request);
  if (mediaType !== 'application/json' && mediaType !== 'multipart/form-data') {
    throw new AppError('request/unsupported_media_type', 415, 'Content-Type must be application/json or multipart/form-data');
  }
  const declaredLength = Number(request.headers['content-length']);
  if (mediaType === 'multipart/form-data' && declaredLength > CAPTURE_MULTIPART_MAX_BYTES) {
    reply.header('connection', 'close');
    throw captureTooLarge('The upload is larger than 25 MiB');
  }
}

/** A capture as a retry must repeat it: its text fields and the digest of its file. */
function captureFingerprintInput(input: CaptureInput): unknown {
  const upload = input.upload && { kind: input.upload.kind, sha256: createHash('sha256').update(input.upload.bytes).digest('hex') };
  return { text: input.text ?? null, timeZone: input.timeZone ?? null, language: input.language ?? null, upload: upload ?? null };
}

/** POST /capture: text, a voice note or a photo in; a task draft (or, with ?create=true, a task) out. */
export function captureRoutes(deps: CaptureRouteDeps) {
  return async (app: FastifyInstance): Promise<void> => {
    // Registered here only: no other route accepts multipart bodies.
    await app.register(fastifyMultipart, { limits: CAPTURE_FORM_LIMITS, throwFileSizeLimit: true });

    app.post<{ Body: { text?: string; timeZone?: string; lang?: string } | undefined; Querystring: { create: boolean } }>(
      '/capture',
      {
        bodyLimit: CAPTURE_JSON_BODY_LIMIT,
        // It may call a paid AI provider: a budget of its own besides the user's.
        config: { rateLimit: 'capture', idempotent: true },
        onRequest: screenRequest,
        schema: {
          operationId: 'captureTask',
          summary: 'Turn text, a voice note or a photo into a task draft',
          description:
            'Send JSON `{"text": "call mom tomorrow at 5pm", "timeZone": "Europe/Berlin"}`, or multipart/form-data with ' +
            'a `text` field, one `audio` or `image` file, or both (optional `timeZone` and `lang`). Answers the draft for review and stores nothing; ' +
            'with `?create=true` it stores the task as drafted and answers 201 with it (a suggested `remindBefore` is not ' +
            'stored). With an AI provider configured the draft is read by it, and the offline parser takes over whenever ' +
            'the provider fails, times out or answers nonsense (`source` says which one read it).',
          tags: ['capture'],
          querystring: {
            type: 'object',
            properties: {
              create: { type: 'boolean', default: false, description: 'Store the draft as a task right away (201)' },
            },
          },
          body: {
            content: {
              'application/json': { schema: captureTextBody },
              'multipart/form-data': { schema: captureFormBody },
            },
          },
          response: {
            200: captureDraftSchema,
            201: {
              description: 'With ?create=true: the created task; Location names it',
              headers: { Location: { type: 'string', description: '/tasks/{id}' } },
              $ref: 'Task#',
            },
            ...captureErrors,
          },
        },
      },
      async (request, reply) => {
        let input: CaptureInput;
        if (request.isMultipart()) {
          try {
            input = await readCaptureForm(request, deps.capture.ai !== null);
          } catch (error) {
            // The rest of the upload is not read; closing the connection tells the client to stop sending.
            reply.header('connection', 'close');
            throw error;
          }
        } else {
          input = { text: request.body?.text, timeZone: request.body?.timeZone, language: request.body?.lang };
        }
        input.acceptLanguage = request.headers['accept-language'];
        if (!request.query.create) return reply.code(200).send(toCaptureDraftView(await captureTask(request.caller, input, deps.capture)));
        // The draft is read inside: a replayed create answers the first task without asking the AI again.
        return replyOnce(request, reply, 'captureTask?create', async () => {
          const task = await createCapturedTask(request.caller, await captureTask(request.caller, input, deps.capture));
          return { status: 201, body: JSON.stringify(toTaskView(task, task.labels)), location: `/tasks/${task.id}` };
        }, captureFingerprintInput(input));
      },
    );
  };
}
