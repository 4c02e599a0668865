import { captureTooLarge, emptyCapture, unsupportedUpload } from './capture-errors.js';
import { UPLOAD_MAX_BYTES, type UploadKind } from './capture-limits.js';
import { sniffFileType, type SniffedType } from './sniff-file-type.js';

const ACCEPTED: Record<UploadKind, string> = {
  audio: 'webm, mp4/m4a, mpeg/mp3, wav or ogg',
  image: 'png, jpeg or webp',
};

// Declared types a client may honestly send for each kind; the bytes still decide the format.
function isPlausibleDeclaredType(kind: UploadKind, declared: string): boolean {
  if (declared === '' || declared === 'application/octet-stream') return true;
  if (kind === 'image') return declared.startsWith('image/');
  return declared.startsWith('audio/') || ['video/webm', 'video/mp4', 'application/ogg'].includes(declared);
}

/**
 * Decides an upload's type from its first bytes (and refuses a declared type of the wrong kind),
 * so a renamed or mislabelled file never reaches OCR or the AI provider. Throws 415.
 */
export function acceptUploadType(kind: UploadKind, head: Uint8Array, declaredType = ''): SniffedType {
  const declared = declaredType.split(';')[0]!.trim().toLowerCase();
  if (!isPlausibleDeclaredType(kind, declared)) {
    throw unsupportedUpload(kind, `is declared as ${declared}; it must be ${ACCEPTED[kind]}`);
  }
  const sniffed = sniffFileType(head);
  if (!sniffed || sniffed.kind !== kind) {
    const found = sniffed ? `${sniffed.mimeType} content` : 'content of an unsupported format';
    throw unsupportedUpload(kind, `has ${found}; it must be ${ACCEPTED[kind]}`);
  }
  return sniffed;
}

/** Throws 400 for an empty upload and 413 above the kind's limit. */
export function assertUploadSize(kind: UploadKind, size: number): void {
  if (size === 0) throw emptyCapture(`The ${kind} file is empty`);
  if (size > UPLOAD_MAX_BYTES[kind]) {
    throw captureTooLarge(`The ${kind} file is larger than ${UPLOAD_MAX_BYTES[kind] / (1024 * 1024)} MiB`);
  }
}

/**
 * The kind of an upload sent without saying which it is (GraphQL's one `upload` field): what its first
 * bytes are, else what its declared type says, else image. acceptUploadType then accepts or refuses it
 * exactly as it would a REST `audio` or `image` part.
 */
export function guessUploadKind(head: Uint8Array, declaredType = ''): UploadKind {
  const sniffed = sniffFileType(head);
  if (sniffed) return sniffed.kind;
  return declaredType.trim().toLowerCase().startsWith('audio/') ? 'audio' : 'image';
}
