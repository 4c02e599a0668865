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
