import type { AppPassword } from '../generated/sqlite/client.js';

export type AppPasswordRecord = AppPassword;

/** An app password as listed: never its secret or hash. */
export interface AppPasswordView {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export function toAppPasswordView(row: AppPasswordRecord): AppPasswordView {
  return {
    id: Number(row.id),
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
  };
}
