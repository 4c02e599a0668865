import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { captureTooLarge, invalidCapture, voiceNeedsAi } from '../capture/capture-errors.js';
import {
  CAPTURE_FIELD_MAX_BYTES,
  CAPTURE_TEXT_MAX_LENGTH,
  UPLOAD_MAX_BYTES,
  type UploadKind,
} from '../capture/capture-limits.js';
import type { CaptureInput } from '../capture/capture-task.js';
import { acceptUploadType } from '../capture/check-upload.js';
import { SNIFF_BYTES } from '../capture/sniff-file-type.js';
import { AppError } from '../errors.js';

/** Busboy's own limits: it stops counting a file one byte past the largest allowed upload. */
export const CAPTURE_FORM_LIMITS = {
  fileSize: UPLOAD_MAX_BYTES.audio + 1,
  files: 1,
  fields: 8,
  parts: 10,
  fieldSize: CAPTURE_FIELD_MAX_BYTES,
  fieldNameSize: 64,
  headerPairs: 16,
};

const FILE_FIELDS: readonly string[] = ['audio', 'image'];
const TEXT_FIELDS = ['text', 'timeZone', 'lang'] as const;
// The form's field names and the capture input's.
const INPUT_KEYS = { text: 'text', timeZone: 'timeZone', lang: 'language' } as const;
type TextField = (typeof TEXT_FIELDS)[number];

// The plugin's own errors carry codes and statuses of their own; callers get the capture catalogue's.
function toCaptureError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_FILES_LIMIT':
      return invalidCapture('Send one file only, as "audio" or "image"');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return captureTooLarge('The form has too many parts');
    case 'FST_REQ_FILE_TOO_LARGE':
      return captureTooLarge(`The file is larger than ${UPLOAD_MAX_BYTES.audio / (1024 * 1024)} MiB`);
    default:
      return invalidCapture('The multipart/form-data body is malformed');
  }
}

/**
 * Reads one upload, refusing it as soon as its first bytes show the wrong format (415), voice cannot
 * be handled (422) or it passes its kind's limit (413), so a bad upload is never read to the end.
 */
async function readUpload(part: MultipartFile, kind: UploadKind, voiceAvailable: boolean): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  let checked = false;
  const check = () => {
    acceptUploadType(kind, Buffer.concat(chunks).subarray(0, SNIFF_BYTES), part.mimetype);
    if (kind === 'audio' && !voiceAvailable) throw voiceNeedsAi();
    checked = true;
  };
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    size += chunk.length;
    if (!checked && size >= SNIFF_BYTES) check();
    if (size > UPLOAD_MAX_BYTES[kind]) {
      throw captureTooLarge(`The ${kind} file is larger than ${UPLOAD_MAX_BYTES[kind] / (1024 * 1024)} MiB`);
    }
  }
  // Empty files are the service's to refuse (400); short ones are still sniffed here.
  if (!checked && size > 0) check();
  return Buffer.concat(chunks, size);
}

function readTextField(name: TextField, value: unknown, truncated: boolean): string {
  if (truncated) {
    throw name === 'text'
      ? captureTooLarge(`text must be at most ${CAPTURE_TEXT_MAX_LENGTH} characters`)
      : invalidCapture(`${name} is too long`);
  }
  if (typeof value !== 'string') throw invalidCapture(`${name} must be a plain text field`);
  // The form parser decodes with replacement: U+FFFD is where bytes were not UTF-8 (a person does not
  // type it), and storing it would silently change what was sent.
  if (value.includes('\uFFFD')) throw invalidCapture(`${name} is not valid UTF-8`);
  return value;
}

/** The capture input of a multipart/form-data request: one `audio` or `image` file, `text`, `timeZone`, `lang`. */
export async function readCaptureForm(request: FastifyRequest, voiceAvailable: boolean): Promise<CaptureInput> {
  const input: CaptureInput = {};
  const seen = new Set<string>();
  try {
    for await (const part of request.parts({ limits: CAPTURE_FORM_LIMITS })) {
      const name = part.fieldname;
      if (part.type === 'file') {
        if (!FILE_FIELDS.includes(name)) {
          throw invalidCapture(`Unexpected file field "${name}"; send the file as "audio" or "image"`);
        }
        const kind = name as UploadKind;
        input.upload = { kind, bytes: await readUpload(part, kind, voiceAvailable), declaredType: part.mimetype };
        continue;
      }
      if (FILE_FIELDS.includes(name)) throw invalidCapture(`"${name}" must be sent as a file`);
      if (!(TEXT_FIELDS as readonly string[]).includes(name)) continue;
      if (seen.has(name)) throw invalidCapture(`${name} was sent more than once`);
      seen.add(name);
      input[INPUT_KEYS[name as TextField]] = readTextField(name as TextField, part.value, part.valueTruncated);
    }
  } catch (error) {
    throw toCaptureError(error);
  }
  return input;
}
