/**
 * The one error catalogue. Every failure the service reports to a caller is an AppError with a
 * `domain/reason` code; transports map it once (REST: `{error, message}`, GraphQL: extensions.code).
 */
export type ErrorCode =
  | 'auth/unauthenticated'
  | 'auth/invalid_code'
  | 'auth/invalid_grant'
  | 'auth/unsupported_grant_type'
  | 'auth/no_session'
  | 'auth/sessions_unavailable'
  | 'auth/session_not_found'
  | 'request/invalid'
  | 'request/unsupported_media_type'
  | 'request/not_acceptable'
  | 'request/body_too_large'
  | 'request/not_found'
  | 'request/method_not_allowed'
  | 'tasks/not_found'
  | 'tasks/invalid'
  | 'lists/not_found'
  | 'lists/invalid'
  | 'lists/forbidden'
  | 'lists/conflict'
  | 'lists/too_many'
  | 'lists/invitation_invalid'
  | 'lists/invitation_not_found'
  | 'lists/member_not_found'
  | 'users/invalid'
  | 'account/export_too_large'
  | 'graphql/too_complex'
  | 'graphql/document_too_large'
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
  | 'push/invalid'
  | 'push/not_found'
  | 'push/too_many'
  | 'push/unavailable'
  | 'email/invalid'
  | 'email/unavailable'
  | 'email/not_found'
  | 'email/too_many'
  | 'reminders/invalid'
  | 'reminders/not_snoozable'
  | 'request/rate_limited'
  | 'storage/unavailable'
  | 'events/expired'
  | 'idempotency/key_reused'
  | 'idempotency/in_progress'
  | 'app_passwords/invalid'
  | 'app_passwords/not_found'
  | 'app_passwords/too_many'
  | 'caldav/invalid'
  | 'caldav/not_found'
  | 'caldav/conflict'
  | 'caldav/precondition_failed'
  | 'caldav/forbidden'
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

export const listNotFound = () => new AppError('lists/not_found', 404, 'List not found');

/** A list or task the caller can see, but whose change their role in the list does not allow. */
export const listForbidden = (message: string) => new AppError('lists/forbidden', 403, message);

export const invalidList = (message: string) => new AppError('lists/invalid', 400, message);

export const invalidUserSetting = (message: string) => new AppError('users/invalid', 400, message);

/**
 * A subscription asked to resume after an event the outbox no longer holds for the caller (older than
 * EVENT_RETENTION, or not one of theirs): what happened since cannot be replayed, so the client refetches.
 */
export const eventsExpired = (message: string) => new AppError('events/expired', 410, message);

/** A GraphQL operation over the depth, breadth or cost limit; refused before any resolver runs. */
export const queryTooComplex = (message: string) => new AppError('graphql/too_complex', 400, message);

/** A GraphQL document over the parser's token or nesting limit; refused before it is parsed. */
export const documentTooLarge = (message: string) => new AppError('graphql/document_too_large', 400, message);

/** The answer the request asks for (its Accept header) is not one the operation can give. */
export const notAcceptable = (message: string) => new AppError('request/not_acceptable', 406, message);

/** An Idempotency-Key the caller already used, within 24 hours, on a different request. */
export const idempotencyKeyReused = () =>
  new AppError(
    'idempotency/key_reused',
    422,
    'This Idempotency-Key was used for a different request in the last 24 hours; use a new key for a new request',
  );

/** The first request with this Idempotency-Key has not been answered yet: retry in a moment. */
export const idempotencyKeyInProgress = () =>
  new AppError('idempotency/in_progress', 409, 'A request with this Idempotency-Key is still in progress; retry in a moment');
