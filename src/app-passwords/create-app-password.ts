import type { ServiceContext } from '../context.js';
import { invalidAppPassword, tooManyAppPasswords } from './app-password-errors.js';
import { hashAppPasswordSecret, newAppPasswordSecret } from './app-password-secret.js';

export const APP_PASSWORD_NAME_MAX_LENGTH = 100;
export const APP_PASSWORDS_PER_USER_MAX = 25;

export interface CreatedAppPassword {
  id: number;
  name: string;
  /** The secret, answered this once; only its hash is kept. */
  password: string;
  createdAt: string;
}

function validateName(raw: unknown): string {
  if (typeof raw !== 'string') throw invalidAppPassword('name must be a string');
  const name = raw.trim();
  const length = [...name].length;
  if (length === 0) throw invalidAppPassword('name must not be empty');
  if (length > APP_PASSWORD_NAME_MAX_LENGTH) throw invalidAppPassword(`name must be at most ${APP_PASSWORD_NAME_MAX_LENGTH} characters`);
  if (!name.isWellFormed() || name.includes('\u0000')) throw invalidAppPassword('name must be well-formed Unicode without NUL characters');
  return name;
}

/**
 * Makes an app password for the caller's CalDAV client. The number per user is capped, since a
 * Basic sign-in may try each of them (every one a slow hash).
 */
export async function createAppPassword(ctx: ServiceContext, input: { name: unknown }): Promise<CreatedAppPassword> {
  const name = validateName(input.name);
  const password = newAppPasswordSecret();
  const secretHash = await hashAppPasswordSecret(password);
  const row = await ctx.db.$transaction(async (tx) => {
    const count = await tx.appPassword.count({ where: { userId: ctx.userId } });
    if (count >= APP_PASSWORDS_PER_USER_MAX) throw tooManyAppPasswords(APP_PASSWORDS_PER_USER_MAX);
    return tx.appPassword.create({ data: { userId: ctx.userId, name, secretHash, createdAt: ctx.clock.now() } });
  });
  ctx.logger.info({ appPasswordId: Number(row.id) }, 'app password created');
  return { id: Number(row.id), name: row.name, password, createdAt: row.createdAt.toISOString() };
}
