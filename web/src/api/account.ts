import { ApiError } from './api-error.js';
import { authorized, body, graphql } from './client.js';

export interface Me {
  id: string;
  /** How the people the person shares lists with see them. */
  displayName: string;
  timeZone: string;
  /** The language capture reads notes in; null: the browser's language, else the note's own. */
  language: string | null;
}

export interface Session {
  id: string;
  createdAt: string;
  lastUsedAt: string;
  userAgent: string | null;
  current: boolean;
}

/** What an import answers (POST /me/import, docs/calendar-and-data.md). */
export interface ImportResult {
  created: number;
  skipped: number;
  timeZone: { document: string | null; account: string; applied: boolean };
  /** The lists the tasks went into: made by the import, or the person's own of that name. */
  lists: { created: string[]; existing: string[] };
  converted: Record<string, number>;
  dropped: Record<string, number>;
  rows: { row: number; problem: string }[];
  rowsNotListed: number;
}

const ME_FIELDS = 'id displayName timeZone language';
const SESSION_FIELDS = 'id createdAt lastUsedAt userAgent current';

export async function loadAccount(): Promise<{ me: Me; sessions: Session[] }> {
  return graphql<{ me: Me; sessions: Session[] }>(`{ me { ${ME_FIELDS} } sessions { ${SESSION_FIELDS} } }`);
}

export async function updateMe(input: { displayName?: string; timeZone?: string; language?: string | null }): Promise<Me> {
  const data = await graphql<{ updateMe: Me }>(`mutation UpdateMe($input: UpdateMeInput!) { updateMe(input: $input) { ${ME_FIELDS} } }`, { input });
  return data.updateMe;
}

export async function listSessions(): Promise<Session[]> {
  return (await graphql<{ sessions: Session[] }>(`{ sessions { ${SESSION_FIELDS} } }`)).sessions;
}

/** Signs one session out (this browser's too); false when it had already ended. */
export async function revokeSession(id: string): Promise<boolean> {
  return (await graphql<{ revokeSession: boolean }>('mutation Revoke($id: ID!) { revokeSession(id: $id) }', { id })).revokeSession;
}

/** Turns the calendar feed on, or gives it a new address (the old one stops working at once). */
export async function makeCalendarFeed(): Promise<string> {
  return (await graphql<{ createCalendarFeed: { url: string } }>('mutation { createCalendarFeed { url } }')).createCalendarFeed.url;
}

/** Turns the calendar feed off; false when it was off already. */
export async function turnOffCalendarFeed(): Promise<boolean> {
  return (await graphql<{ deleteCalendarFeed: boolean }>('mutation { deleteCalendarFeed }')).deleteCalendarFeed;
}

async function failure(response: Response): Promise<ApiError> {
  const answer = await body(response);
  return new ApiError(String(answer?.message ?? `Tickler answered ${response.status}`), response.status);
}

/** The whole account as GET /me/export streams it (tickler.export/1), as a file to save. */
export async function exportAccount(): Promise<Blob> {
  const response = await authorized('/me/export', { method: 'GET', headers: { accept: 'application/json' } });
  if (!response.ok) throw await failure(response);
  return response.blob();
}

/** Imports a Tickler export (.json) or a Todoist CSV (.csv): all or nothing, and nothing twice. */
export async function importFile(file: File): Promise<ImportResult> {
  const csv = file.type === 'text/csv' || /\.csv$/i.test(file.name);
  const json = file.type === 'application/json' || /\.json$/i.test(file.name);
  if (!csv && !json) throw new ApiError('Not a .json or .csv file', 415);
  const response = await authorized('/me/import', {
    method: 'POST',
    headers: {
      'content-type': csv ? 'text/csv' : 'application/json',
      accept: 'application/json',
      // A Todoist CSV goes into a list named after its file (Todoist names a project's export after it).
      ...(csv ? { 'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}` } : {}),
    },
    body: file,
  });
  if (!response.ok) throw await failure(response);
  return (await response.json()) as ImportResult;
}

/** Deletes the account and everything of it (DELETE /me). */
export async function deleteAccount(): Promise<void> {
  await graphql<{ deleteAccount: boolean }>('mutation { deleteAccount }');
}
