import { AppError } from '../errors.js';
import type { UploadKind } from './capture-limits.js';

export const invalidCapture = (message: string) => new AppError('capture/invalid', 400, message);

export const emptyCapture = (message: string) => new AppError('capture/empty', 400, message);

export const captureTooLarge = (message: string) => new AppError('capture/too_large', 413, message);

export const unsupportedUpload = (kind: UploadKind, message: string) =>
  new AppError('capture/unsupported_type', 415, `The ${kind} file ${message}`);

export const voiceNeedsAi = () =>
  new AppError(
    'capture/voice_needs_ai',
    422,
    'Voice capture needs an AI provider (OPENAI_API_KEY), and none is configured; send the transcript as "text" instead',
  );

export const nothingRecognized = (message: string) => new AppError('capture/nothing_recognized', 422, message);

export const transcriptionFailed = (reason: string) =>
  new AppError(
    'capture/transcription_failed',
    422,
    `The audio could not be transcribed (${reason}); try again, or send the transcript as "text"`,
  );
