import { AppError } from '../errors.js';

export const invalidEmail = (message: string) => new AppError('email/invalid', 400, message);

/** SMTP_URL is unset (docs/email.md): the service runs without email, and says so here. */
export const emailUnavailable = () =>
  new AppError('email/unavailable', 404, 'Email is off on this server: its operator has not set SMTP_URL (docs/email.md)');

export const emailLinkNotFound = () => new AppError('email/not_found', 404, 'This link is not valid (mistyped, or from an older mail)');

/** Confirmation mails go to addresses nobody has confirmed yet: a bound keeps the service from being used to flood them. */
export const tooManyConfirmations = (max: number) =>
  new AppError('email/too_many', 429, `At most ${max} confirmation mails a day; try again tomorrow`);
