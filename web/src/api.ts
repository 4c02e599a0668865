import { ApiError, offline } from './api-error.js';
import { accessToken, forgetSession } from './auth.js';

export interface Task {
  id: string;
  title: string;
  description: string;
  dueAt: string | null;
  reminder: Reminder | null;
  status: 'PENDING' | 'COMPLETED';
  /** An RFC 5545 rule, counted from dueAt; null: does not repeat. */
  recurrence: string | null;
  /** The rule in English ("every week on Monday at 9:00"). */
  recurrenceText: string | null;
}

export type Reminder = 'AT_TIME' | 'MINUTES_10' | 'MINUTES_30' | 'HOUR_1';

/** What POST /capture answers. */
export interface Draft {
  title: string;
  description: string;
  date: string | null;
  time: string | null;
  dueAt: string | null;
  remindBefore: number | null;
  recurrence?: string | null;
  recurrenceText?: string | null;
  transcript?: string;
  extractedText?: string;
}

export const TASK_FIELDS = 'id title description dueAt reminder status recurrence recurrenceText';

/** Sends with the session's access token; one retry with a refreshed token on 401. */
async function authorized(path: string, init: RequestInit): Promise<Response> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const token = await accessToken(attempt > 0);
    if (!token) throw new ApiError('You are signed out.', 401);
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${token}`);
    let response: Response;
    try {
      response = await fetch(path, { ...init, headers });
    } catch {
      throw offline();
    }
    if (response.status !== 401) return response;
  }
  await forgetSession();
  throw new ApiError('Your session ended. Sign in again.', 401);
}

async function body(response: Response): Promise<Record<string, unknown> | null> {
  return (await response.json().catch(() => null)) as Record<string, unknown> | null;
}

/** One GraphQL operation over HTTP; GraphQL errors become an ApiError with their code. */
export async function graphql<T>(
  query: string,
  variables: Record<string, unknown> = {},
  options: { idempotencyKey?: string } = {},
): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  const response = await authorized('/graphql', { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  const answer = await body(response);
  const errors = answer?.errors as { message: string; extensions?: { code?: string } }[] | undefined;
  if (errors?.length) {
    const first = errors[0]!;
    throw new ApiError(first.message, response.ok ? 400 : response.status, first.extensions?.code);
  }
  if (!response.ok || !answer?.data) throw new ApiError(`Tickler answered ${response.status}`, response.status);
  return answer.data as T;
}

/** POST /capture with text (JSON) or a form with a file: a draft to review, nothing stored. */
export async function capture(input: { text?: string; file?: { field: 'image' | 'audio'; blob: Blob; name: string } }): Promise<Draft> {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  let init: RequestInit;
  if (input.file) {
    const form = new FormData();
    if (input.text) form.set('text', input.text);
    form.set('timeZone', timeZone);
    form.set(input.file.field, input.file.blob, input.file.name);
    init = { method: 'POST', body: form };
  } else {
    init = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: input.text, timeZone }) };
  }
  const response = await authorized('/capture', init);
  const answer = await body(response);
  if (!response.ok) {
    throw new ApiError(String(answer?.message ?? `Capture failed (${response.status})`), response.status, answer?.reason as string | undefined);
  }
  return answer as unknown as Draft;
}
