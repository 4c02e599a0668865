import type { List } from '../generated/sqlite/client.js';

export type ListRecord = List;

export const INBOX_NAME = 'Inbox';

/** What makes two list names the same for one owner: trimmed, lower-cased. */
export function listNameKey(name: string): string {
  return name.trim().toLowerCase();
}
