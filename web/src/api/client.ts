import { ApiError, offline } from './api-error.js';
import { accessToken, forgetSession } from './auth.js';
import { personZone } from '../model/dates.js';
import type { Draft } from './types.js';

/** Sends with the session's access token; one retry with a refreshed token on 401. */
export async function authorized(path: string, init: RequestInit): Promise<Response> {
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

export async function body(response: Response): Promise<Record<string, unknown> | null> {
  return (await response.json().catch(() => null)) as Record<string, unknown> | null;
}

/** The HTTP status a GraphQL error code stands for (errors come in a 200 answer). */
const STATUS_OF_CODE: Record<string, number> = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE_CONTENT: 422,
  TOO_MANY_REQUESTS: 429,
};

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
    const code = first.extensions?.code;
    throw new ApiError(first.message, response.ok ? (STATUS_OF_CODE[code ?? ''] ?? 400) : response.status, code);
  }
  if (!response.ok || !answer?.data) throw new ApiError(`Tickler answered ${response.status}`, response.status);
  return answer.data as T;
}

/** What capture sends: typed text, or a photo or voice note (with any typed text). */
export interface CaptureInput {
  text?: string;
  file?: { field: 'image' | 'audio'; blob: Blob; name: string };
}

/** POST /capture with text (JSON) or a form with a file: a draft to review, nothing stored. */
export async function capture(input: CaptureInput): Promise<Draft> {
  const timeZone = personZone();
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
