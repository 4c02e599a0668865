import type { ServiceContext } from '../context.js';
import { invalidUserSetting } from '../errors.js';

export interface NotificationSettings {
  /** Reminders are pushed to the person's browsers. Default true. */
  push: boolean;
  /** Reminders are mailed to the confirmed address as well. Default false: mail is then only the fallback. */
  email: boolean;
  digest: { enabled: boolean; hour: number };
}

export interface NotificationSettingsPatch {
  push?: unknown;
  email?: unknown;
  digest?: unknown;
}

type SettingsColumns = { notifyPush: boolean; notifyEmail: boolean; digestEnabled: boolean; digestHour: number };

export function settingsView(user: SettingsColumns): NotificationSettings {
  return { push: user.notifyPush, email: user.notifyEmail, digest: { enabled: user.digestEnabled, hour: user.digestHour } };
}

export async function getNotificationSettings(ctx: ServiceContext): Promise<NotificationSettings> {
  const user = await ctx.db.user.upsert({ where: { id: ctx.userId }, create: { id: ctx.userId }, update: {} });
  return settingsView(user);
}

function readBoolean(value: unknown, name: string): boolean {
  if (typeof value !== 'boolean') throw invalidUserSetting(`${name} must be true or false`);
  return value;
}

/** The columns a patch changes; every value is checked before any is stored. */
function patchColumns(patch: NotificationSettingsPatch): Partial<SettingsColumns> {
  const data: Partial<SettingsColumns> = {};
  if (patch.push !== undefined) data.notifyPush = readBoolean(patch.push, 'push');
  if (patch.email !== undefined) data.notifyEmail = readBoolean(patch.email, 'email');
  if (patch.digest !== undefined) {
    const digest = patch.digest;
    if (typeof digest !== 'object' || digest === null || Array.isArray(digest)) {
      throw invalidUserSetting('digest must be an object {"enabled": bool, "hour": 0-23}');
    }
    const { enabled, hour } = digest as { enabled?: unknown; hour?: unknown };
    if (enabled !== undefined) data.digestEnabled = readBoolean(enabled, 'digest.enabled');
    if (hour !== undefined) {
      if (!Number.isInteger(hour) || (hour as number) < 0 || (hour as number) > 23) throw invalidUserSetting('digest.hour must be an integer from 0 to 23');
      data.digestHour = hour as number;
    }
  }
  return data;
}

/**
 * Changes the channels given and leaves the others (a merge patch). Email on with no confirmed address
 * is allowed: nothing is mailed until the address is confirmed.
 */
export async function updateNotificationSettings(ctx: ServiceContext, patch: NotificationSettingsPatch): Promise<NotificationSettings> {
  const data = patchColumns(patch);
  const user = await ctx.db.user.upsert({ where: { id: ctx.userId }, create: { id: ctx.userId, ...data }, update: data });
  return settingsView(user);
}
