import type { ServiceContext } from '../context.js';
import type { UserRecord } from './get-user.js';
import { validateDisplayName } from './display-name.js';
import { validateLanguage } from './language.js';
import { validateTimeZone } from './time-zone.js';

export interface UserSettingsPatch {
  /** IANA name, stored canonically. */
  timeZone?: string;
  /** A capture language tag, or null to let each capture decide. */
  language?: string | null;
  /** 1 to 100 characters after trimming: how the people this user shares lists with see them. */
  displayName?: string;
}

/** Throws the 400 updateMe would for this patch, storing nothing (a caller that changes more first checks). */
export function checkUserSettings(patch: UserSettingsPatch): void {
  if (patch.timeZone !== undefined) validateTimeZone(patch.timeZone);
  if (patch.displayName !== undefined) validateDisplayName(patch.displayName);
  if (patch.language !== undefined && patch.language !== null) validateLanguage(patch.language);
}

/** Changes the caller's settings that are given and leaves the others; every value is checked before any is stored. */
export async function updateMe(ctx: ServiceContext, patch: UserSettingsPatch): Promise<UserRecord> {
  const data: { timeZone?: string; language?: string | null; displayName?: string } = {};
  if (patch.timeZone !== undefined) data.timeZone = validateTimeZone(patch.timeZone);
  if (patch.displayName !== undefined) data.displayName = validateDisplayName(patch.displayName);
  if (patch.language !== undefined) data.language = patch.language === null ? null : validateLanguage(patch.language);
  return ctx.db.user.upsert({ where: { id: ctx.userId }, create: { id: ctx.userId, ...data }, update: data });
}
