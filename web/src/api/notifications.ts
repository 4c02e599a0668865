import { graphql } from './client.js';

export interface NotificationSettings {
  push: boolean;
  email: boolean;
  digest: { enabled: boolean; hour: number };
}

export interface Delivery {
  channel: 'PUSH' | 'EMAIL';
  taskId: string | null;
  dueAt: string | null;
  sentAt: string | null;
  createdAt: string;
  outcome: 'DELIVERED' | 'FAILED' | 'PENDING';
  error: string | null;
  /** Why it went by email although email is off (the push fallback). */
  reason: string | null;
}

export interface MailAddress {
  email: string | null;
  emailConfirmed: boolean;
}

const SETTINGS = 'push email digest { enabled hour }';

export async function loadNotifications(): Promise<{ settings: NotificationSettings; me: MailAddress; deliveries: Delivery[] }> {
  const data = await graphql<{ notificationSettings: NotificationSettings; me: MailAddress; deliveries: Delivery[] }>(
    `{ notificationSettings { ${SETTINGS} } me { email emailConfirmed } deliveries(limit: 20) { channel taskId dueAt sentAt createdAt outcome error reason } }`,
  );
  return { settings: data.notificationSettings, me: data.me, deliveries: data.deliveries };
}

export async function updateNotifications(input: { push?: boolean; email?: boolean; digest?: { enabled?: boolean; hour?: number } }): Promise<NotificationSettings> {
  const data = await graphql<{ updateNotificationSettings: NotificationSettings }>(
    `mutation Notifications($input: NotificationSettingsInput!) { updateNotificationSettings(input: $input) { ${SETTINGS} } }`,
    { input },
  );
  return data.updateNotificationSettings;
}

/** Stores the address unconfirmed and mails it a confirmation link; null removes it. */
export async function setMailAddress(email: string | null): Promise<MailAddress> {
  const data = await graphql<{ updateMe: MailAddress }>('mutation Mail($email: String) { updateMe(input: { email: $email }) { email emailConfirmed } }', { email });
  return data.updateMe;
}
