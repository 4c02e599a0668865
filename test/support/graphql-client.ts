import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print, type ExecutionResult } from 'graphql';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import type { TestService } from './test-service.js';

export interface GraphqlError {
  message: string;
  path?: string[];
  extensions?: { code?: string; reason?: string };
}

export interface GraphqlResponse<TData> {
  status: number;
  headers: Headers;
  body: { data?: TData | null; errors?: GraphqlError[] };
}

type Target = Pick<TestService, 'url'> & { token(userId: string): Promise<string> };

/** POSTs one operation to /graphql as `userId` (null: no Authorization header; a string starting "Bearer" is sent as is). */
export async function graphqlRequest<TData, TVariables>(
  service: Target,
  user: string | null | { authorization: string },
  document: TypedDocumentNode<TData, TVariables> | string,
  variables?: TVariables,
): Promise<GraphqlResponse<TData>> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (typeof user === 'string') headers.authorization = `Bearer ${await service.token(user)}`;
  else if (user !== null) headers.authorization = user.authorization;
  const query = typeof document === 'string' ? document : print(document);
  const response = await fetch(`${service.url}/graphql`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ query, variables }),
    signal: AbortSignal.timeout(15_000),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as GraphqlResponse<TData>['body'] };
}

export interface UploadFile {
  bytes: Buffer;
  type?: string;
  filename?: string;
}

/**
 * POSTs one operation with files as a GraphQL multipart request (`operations`, `map`, then one part per
 * file), as Apollo's and urql's upload clients send it. `files` maps a variable path such as
 * "variables.input.upload" to the file; that variable is sent as null in `operations`.
 */
export async function graphqlUpload<TData, TVariables>(
  service: Target,
  user: string | null,
  document: TypedDocumentNode<TData, TVariables>,
  variables: TVariables,
  files: Record<string, UploadFile>,
): Promise<GraphqlResponse<TData>> {
  const form = new FormData();
  form.append('operations', JSON.stringify({ query: print(document), variables }));
  const paths = Object.keys(files);
  form.append('map', JSON.stringify(Object.fromEntries(paths.map((path, i) => [String(i), [path]]))));
  paths.forEach((path, i) => {
    const file = files[path]!;
    form.append(String(i), new Blob([new Uint8Array(file.bytes)], { type: file.type ?? '' }), file.filename ?? 'upload');
  });
  const headers: Record<string, string> = { accept: 'application/json' };
  if (user !== null) headers.authorization = `Bearer ${await service.token(user)}`;
  const response = await fetch(`${service.url}/graphql`, { method: 'POST', headers, body: form, signal: AbortSignal.timeout(60_000) });
  return { status: response.status, headers: response.headers, body: (await response.json()) as GraphqlResponse<TData>['body'] };
}

/** The data of a successful operation; fails the test with the errors otherwise. */
export async function graphqlData<TData, TVariables>(
  service: Target,
  userId: string,
  document: TypedDocumentNode<TData, TVariables>,
  variables?: TVariables,
): Promise<TData> {
  const { status, body } = await graphqlRequest(service, userId, document, variables);
  if (status !== 200 || body.errors || !body.data) throw new Error(`GraphQL failed (${status}): ${JSON.stringify(body)}`);
  return body.data;
}

/** Values pushed by a subscription, read one at a time with a deadline so a test never hangs. */
export class Inbox<T> {
  private readonly values: T[] = [];
  private readonly waiters: Array<(value: T) => void> = [];
  failure: unknown;

  push(value: T): void {
    const waiter = this.waiters.shift();
    if (waiter) waiter(value);
    else this.values.push(value);
  }

  next(timeoutMs = 10_000): Promise<T> {
    const value = this.values.shift();
    if (value !== undefined) return Promise.resolve(value);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(new Error(`no subscription value within ${timeoutMs} ms${this.failure ? `: ${String(this.failure)}` : ''}`));
      }, timeoutMs);
      const waiter = (v: T) => {
        clearTimeout(timer);
        resolve(v);
      };
      this.waiters.push(waiter);
    });
  }

  /** Asserts nothing arrives for `ms`; returns what did arrive otherwise. */
  async nothingWithin(ms: number): Promise<T | undefined> {
    return this.next(ms).then(
      (value) => value,
      () => undefined,
    );
  }
}

export function wsUrl(service: Pick<TestService, 'url'>): string {
  return `${service.url.replace(/^http/, 'ws')}/graphql`;
}

/** A graphql-ws client over a real WebSocket; connectionParams carry the bearer token. */
export function openWsClient(service: Pick<TestService, 'url'>, authorization: string | undefined): Client {
  return createClient({
    url: wsUrl(service),
    webSocketImpl: WebSocket,
    connectionParams: authorization === undefined ? {} : { authorization },
    retryAttempts: 0,
    lazy: false,
    onNonLazyError: () => undefined,
  });
}

export interface LiveSubscription<TData> {
  inbox: Inbox<ExecutionResult<TData>>;
  close(): void;
}

export function subscribeWs<TData, TVariables>(
  client: Client,
  document: TypedDocumentNode<TData, TVariables>,
  variables?: TVariables,
): LiveSubscription<TData> {
  const inbox = new Inbox<ExecutionResult<TData>>();
  const dispose = client.subscribe<TData>(
    { query: print(document), variables: variables as Record<string, unknown> | undefined },
    {
      next: (value) => inbox.push(value as ExecutionResult<TData>),
      error: (error) => (inbox.failure = error),
      complete: () => undefined,
    },
  );
  return { inbox, close: dispose };
}

export interface SseOptions<TVariables> {
  variables?: TVariables;
  /** Sent as Last-Event-ID, as an EventSource does when it reconnects. */
  lastEventId?: string;
  /** GET /graphql?query=… as an EventSource sends it; POST with a JSON body otherwise. */
  method?: 'GET' | 'POST';
}

/**
 * A subscription over Server-Sent Events (`Accept: text/event-stream`); `ended` settles when the stream
 * does; `eventIds` holds the `id:` line of each message pushed to the inbox, in order (undefined: none).
 */
export async function subscribeSse<TData, TVariables>(
  service: Target,
  userId: string,
  document: TypedDocumentNode<TData, TVariables>,
  options: SseOptions<TVariables> = {},
): Promise<LiveSubscription<TData> & { status: number; contentType: string | null; ended: Promise<void>; eventIds: Array<string | undefined> }> {
  const inbox = new Inbox<ExecutionResult<TData>>();
  const eventIds: Array<string | undefined> = [];
  const abort = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream', authorization: `Bearer ${await service.token(userId)}` };
  if (options.lastEventId !== undefined) headers['last-event-id'] = options.lastEventId;
  const query = print(document);
  let url = `${service.url}/graphql`;
  let body: string | undefined;
  if (options.method === 'GET') {
    const params = new URLSearchParams({ query });
    if (options.variables !== undefined) params.set('variables', JSON.stringify(options.variables));
    url += `?${params}`;
  } else {
    headers['content-type'] = 'application/json';
    body = JSON.stringify({ query, variables: options.variables });
  }
  const response = await fetch(url, { method: options.method ?? 'POST', headers, body, signal: abort.signal });
  const ended = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const lines = buffer.slice(0, end).split('\n');
        buffer = buffer.slice(end + 2);
        const field = (name: string) => lines.filter((line) => line.startsWith(`${name}:`)).map((line) => line.slice(name.length + 1).trimStart());
        const data = field('data').join('\n');
        if (!data) continue;
        eventIds.push(field('id')[0]);
        inbox.push(JSON.parse(data) as ExecutionResult<TData>);
      }
    }
  })().catch((error: unknown) => {
    inbox.failure = error;
  });
  return { inbox, eventIds, status: response.status, contentType: response.headers.get('content-type'), ended, close: () => abort.abort() };
}

/** Waits until this process holds a live subscription for the user, so no event can slip past it. */
export async function waitForSubscriber(service: TestService, userId: string, count = 1, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (service.eventBus.subscriberCount(userId) < count) {
    if (Date.now() > deadline) throw new Error(`no live subscription of ${userId} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
