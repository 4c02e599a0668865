import { AppError } from '../errors.js';

export const invalidAppPassword = (message: string) => new AppError('app_passwords/invalid', 400, message);

export const appPasswordNotFound = () => new AppError('app_passwords/not_found', 404, 'App password not found');

export const tooManyAppPasswords = (max: number) =>
  new AppError('app_passwords/too_many', 409, `A user may have at most ${max} app passwords; delete one first`);
