import { errors } from 'jose';
import { AppError } from '../errors.js';

/** Why a bearer token was refused, as the log names it (never the token itself). */
export type RefusalReason =
  | 'malformed'
  | 'expired'
  | 'not yet valid'
  | 'bad signature'
  | 'wrong issuer'
  | 'wrong audience'
  | 'unknown key'
  | 'algorithm not allowed'
  | 'issuer unreachable'
  | 'no usable subject'
  | 'signed out'
  | 'account deleted'
  | 'invalid claims';

/** A 401 whose cause is known: the caller sees the catalogue's message, the log sees the reason. */
export class TokenRefused extends AppError {
  readonly reason: RefusalReason;

  constructor(reason: RefusalReason, message = 'The bearer token is invalid or expired') {
    super('auth/unauthenticated', 401, message);
    this.reason = reason;
  }
}

/** The reason behind a failed jose verification (or a failed fetch of the issuer's keys). */
export function refusalReasonOf(error: unknown): RefusalReason {
  if (error instanceof errors.JWTExpired) return 'expired';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'bad signature';
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'iss') return 'wrong issuer';
    if (error.claim === 'aud') return 'wrong audience';
    if (error.claim === 'nbf' || error.claim === 'iat') return 'not yet valid';
    return 'invalid claims';
  }
  if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys) return 'unknown key';
  if (error instanceof errors.JOSEAlgNotAllowed || error instanceof errors.JOSENotSupported) return 'algorithm not allowed';
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid) return 'issuer unreachable';
  if (error instanceof errors.JOSEError) return 'malformed';
  // Not jose's own: discovery or the key set fetch failed (network error, an error status, bad JSON).
  return 'issuer unreachable';
}
