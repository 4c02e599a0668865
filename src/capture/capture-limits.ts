const MIB = 1024 * 1024;

export type UploadKind = 'audio' | 'image';

/** Largest accepted upload per kind, in bytes (25 MiB is also the transcription endpoint's own limit). */
export const UPLOAD_MAX_BYTES: Record<UploadKind, number> = {
  audio: 25 * MIB,
  image: 10 * MIB,
};

/** Longest accepted `text`, in Unicode code points (as titles are counted). */
export const CAPTURE_TEXT_MAX_LENGTH = 4_000;

/**
 * The JSON variant's body limit: 4 000 characters are at most 48 000 bytes even if every one is sent
 * as an escaped surrogate pair, so a valid body always fits and anything far larger is cut off early.
 */
export const CAPTURE_JSON_BODY_LIMIT = 64 * 1024;

/** Whole multipart request: the largest file plus room for the small fields and part headers. */
export const CAPTURE_MULTIPART_MAX_BYTES = UPLOAD_MAX_BYTES.audio + 64 * 1024;

/** Largest multipart text field in bytes: 4 000 code points of 4 bytes each. */
export const CAPTURE_FIELD_MAX_BYTES = CAPTURE_TEXT_MAX_LENGTH * 4;
