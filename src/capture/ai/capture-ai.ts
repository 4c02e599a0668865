import type { CaptureLanguage } from '../languages/capture-language.js';

/** What capture asks of an AI provider; the OpenAI-compatible client implements it, tests may fake it. */
export interface CaptureAi {
  /** The spoken words of an audio file. */
  transcribe(audio: AiAudio): Promise<string>;
  /** The text printed or written in an image ("" when there is none). */
  readImageText(image: AiImage): Promise<string>;
  /** The provider's structured answer for a task text, not yet validated. */
  parseTaskText(request: AiParseRequest): Promise<unknown>;
}

export interface AiAudio {
  bytes: Buffer;
  mimeType: string;
  /** The transcription endpoint decides the format from the file name's extension. */
  extension: string;
  /** The spoken language (ISO 639-1), when known; it helps the transcription. */
  language?: CaptureLanguage;
}

export interface AiImage {
  bytes: Buffer;
  mimeType: string;
}

export interface AiParseRequest {
  text: string;
  now: Date;
  /** IANA zone the text is read in. */
  timeZone: string;
  /** The note's language: the title stays in it. */
  language: CaptureLanguage;
}

export type AiFailureKind = 'timeout' | 'unavailable' | 'rejected' | 'invalid-answer';

/** One failed provider call: timed out, unreachable or 5xx, refused the input (4xx), or answered nonsense. */
export class AiCallError extends Error {
  override name = 'AiCallError';
  readonly kind: AiFailureKind;

  constructor(kind: AiFailureKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.kind = kind;
  }
}
