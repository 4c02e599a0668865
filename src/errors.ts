/**
 * The one error catalogue. Every failure the service reports to a caller is an AppError with a
 * `domain/reason` code; transports map it once (REST: `{error, message}`, GraphQL: extensions.code).
 */
export type ErrorCode =
  | 'auth/unauthenticated'
  | 'request/invalid'
  | 'request/unsupported_media_type'
  | 'request/body_too_large'
  | 'request/not_found'
  | 'request/method_not_allowed'
  | 'tasks/not_found'
  | 'tasks/invalid'
  | 'users/invalid'
  | 'graphql/too_complex'
  | 'capture/invalid'
  | 'capture/empty'
  | 'capture/too_large'
  | 'capture/unsupported_type'
  | 'capture/voice_needs_ai'
  | 'capture/nothing_recognized'
  | 'capture/transcription_failed'
  | 'webhooks/invalid'
  | 'webhooks/not_found'
  | 'webhooks/delivery_not_found'
  | 'webhooks/endpoint_disabled'
  | 'webhooks/too_many'
  | 'internal/error';

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;

  constructor(code: ErrorCode, status: number, message: string) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = status;
  }
}

export const unauthenticated = (message = 'A valid bearer token is required') =>
  new AppError('auth/unauthenticated', 401, message);

export const invalidRequest = (message: string) => new AppError('request/invalid', 400, message);

export const invalidTask = (message: string) => new AppError('tasks/invalid', 400, message);

export const taskNotFound = () => new AppError('tasks/not_found', 404, 'Task not found');

export const invalidUserSetting = (message: string) => new AppError('users/invalid', 400, message);

/** A GraphQL operation over the depth, breadth or cost limit; refused before any resolver runs. */
export const queryTooComplex = (message: string) => new AppError('graphql/too_complex', 400, message);
