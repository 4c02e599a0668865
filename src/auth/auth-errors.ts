import { AppError } from '../errors.js';

export const invalidLoginCode = () =>
  new AppError('auth/invalid_code', 400, 'The sign-in code is unknown, already used or expired; ask for a new link');

export const invalidRefreshToken = () =>
  new AppError('auth/invalid_grant', 400, 'The refresh token is unknown, already used, expired or revoked; sign in again');

export const unsupportedGrantType = () =>
  new AppError('auth/unsupported_grant_type', 400, 'grant_type must be "refresh_token"');

export const noSession = () =>
  new AppError('auth/no_session', 400, 'This token belongs to no sign-in session (tokens from `tickler token` expire on their own)');

/** With AUTH_ISSUER set, people sign in at the issuer: there are no local links, codes or refresh tokens. */
export const sessionsUnavailable = () =>
  new AppError('auth/sessions_unavailable', 400, 'Sign-in links and refresh tokens are not used here: sign in with the identity provider (GET /auth/config)');

export const sessionNotFound = () => new AppError('auth/session_not_found', 404, 'Session not found');
