import { captureTask, type CaptureDraft, type CaptureUpload } from '../../capture/capture-task.js';
import { CAPTURE_TEXT_MAX_LENGTH } from '../../capture/capture-limits.js';
import { guessUploadKind } from '../../capture/check-upload.js';
import { CAPTURE_LANGUAGES } from '../../capture/languages/capture-language.js';
import { SNIFF_BYTES } from '../../capture/sniff-file-type.js';
import { builder } from '../builder.js';
import type { UploadedFile } from '../graphql-context.js';
import { List, listViewLoader } from './list.js';
import { ReminderOffset, reminderOffsetOf, TaskReminder } from './reminder.js';
import { TaskPriority } from './task.js';

const CaptureSource = builder.enumType('CaptureSource', {
  values: {
    AI: { value: 'ai', description: 'Read by the AI provider' },
    LOCAL: { value: 'local', description: 'Read by the offline parser (also when the AI provider failed)' },
  } as const satisfies Record<string, { value: CaptureDraft['source']; description: string }>,
});

const CaptureDraftRef = builder.objectRef<CaptureDraft>('CaptureDraft').implement({
  description:
    'A task read from text, a voice note or a photo, for the user to review; nothing is stored. ' +
    'createTask takes its title, description, dueAt, recurrence, reminder, listId, labels and priority as they are.',
  fields: (t) => ({
    title: t.exposeString('title', { description: 'May be empty when nothing but a date was understood' }),
    description: t.exposeString('description'),
    date: t.exposeString('date', { nullable: true, description: 'YYYY-MM-DD in the time zone used' }),
    time: t.exposeString('time', { nullable: true, description: 'HH:MM (24 h); null when no time was named' }),
    dueAt: t.expose('dueAt', {
      type: 'DateTime',
      nullable: true,
      description: 'A date without a time is due at CAPTURE_DEFAULT_TIME',
    }),
    recurrence: t.exposeString('recurrence', {
      nullable: true,
      description: 'The RRULE of a repeating phrase ("every monday" → FREQ=WEEKLY;BYDAY=MO); dueAt is the first occurrence',
    }),
    recurrenceText: t.exposeString('recurrenceText', {
      nullable: true,
      description: 'The repeat in the capture language ("every week on Monday at 9:00", "jede Woche am Montag um 9:00")',
    }),
    language: t.exposeString('language', {
      description: "The language the note was read in: `lang`, else the user's setting, else Accept-Language, else detected from the text (English when unsure)",
    }),
    reminder: t.field({
      type: ReminderOffset,
      nullable: true,
      description: 'The reminder the text asked for, if any',
      resolve: (draft) => reminderOffsetOf(draft.remindBefore),
    }),
    remindBefore: t.exposeInt('remindBefore', { nullable: true, description: 'The same reminder in minutes, as REST shows it' }),
    reminders: t.field({
      type: [TaskReminder],
      description: 'Every reminder the text asked for ("remind me at 8am and 10 min before"), as createTask takes them',
      resolve: (draft) => draft.reminders,
    }),
    source: t.field({ type: CaptureSource, resolve: (draft) => draft.source }),
    transcript: t.exposeString('transcript', { nullable: true, description: 'The words of an audio upload' }),
    extractedText: t.exposeString('extractedText', { nullable: true, description: 'The text read from an image upload' }),
    confidence: t.exposeFloat('confidence', { description: '0 to 1' }),
    listId: t.id({
      nullable: true,
      description: "The list a `#Name` mark named (one of the caller's lists they may add to, any letter case); null: the caller's Inbox",
      resolve: (draft) => (draft.listId === null ? null : String(draft.listId)),
    }),
    list: t.field({
      type: List,
      nullable: true,
      description: 'The list a `#Name` mark named; null for the Inbox',
      resolve: (draft, _args, ctx) => (draft.listId === null ? null : listViewLoader(ctx).load(BigInt(draft.listId))),
    }),
    labels: t.exposeStringList('labels', { description: '`@label` marks, in the order written' }),
    priority: t.field({
      type: TaskPriority,
      description: 'From a `p1`…`p4` (p1 URGENT, p4 LOW) or `!urgent`/`!high`/`!medium`/`!low` mark; LOW when there was none',
      resolve: (draft) => draft.priority,
    }),
  }),
});

const CaptureTaskInput = builder.inputType('CaptureTaskInput', {
  description: 'Text, one file, or both (the text is then read before the text of the file).',
  fields: (t) => ({
    text: t.string({ description: `What the user typed or said, at most ${CAPTURE_TEXT_MAX_LENGTH} characters` }),
    upload: t.field({
      type: 'File',
      description:
        'A voice note (webm, mp4/m4a, mpeg/mp3, wav or ogg, at most 25 MiB; needs an AI provider) or a photo of a note ' +
        '(png, jpeg or webp, at most 10 MiB). Which one it is is decided by its content.',
    }),
    timeZone: t.string({ description: "IANA name the text is read in; default: the caller's stored zone, else UTC" }),
    lang: t.string({
      description: `The note's language, a BCP 47 tag whose primary subtag is one of ${CAPTURE_LANGUAGES.join(', ')} (else BAD_USER_INPUT); default: the caller's setting, then Accept-Language, then the text decides`,
    }),
  }),
});

async function toCaptureUpload(file: UploadedFile): Promise<CaptureUpload> {
  const bytes = Buffer.from(await file.arrayBuffer());
  return { kind: guessUploadKind(bytes.subarray(0, SNIFF_BYTES), file.type), bytes, declaredType: file.type };
}

builder.mutationField('captureTask', (t) =>
  t.field({
    type: CaptureDraftRef,
    nullable: true,
    description:
      'Turns text, a voice note or a photo into a task draft for review, like REST POST /capture; stores nothing. ' +
      'Errors: BAD_USER_INPUT (empty or malformed input, unknown time zone, a language capture does not read), PAYLOAD_TOO_LARGE, UNSUPPORTED_MEDIA_TYPE, ' +
      'UNPROCESSABLE_CONTENT (voice without an AI provider, a failed transcription, nothing readable in the file); ' +
      '`extensions.reason` carries the capture error code.',
    args: { input: t.arg({ type: CaptureTaskInput, required: true }) },
    resolve: async (_root, { input }, ctx) =>
      captureTask(
        ctx.caller,
        {
          text: input.text ?? undefined,
          upload: input.upload ? await toCaptureUpload(input.upload) : undefined,
          timeZone: input.timeZone ?? undefined,
          language: input.lang ?? undefined,
          acceptLanguage: ctx.acceptLanguage,
        },
        ctx.capture,
      ),
  }),
);
