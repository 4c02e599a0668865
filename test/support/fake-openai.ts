import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake provider received, decoded the way the real API would read it. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** JSON requests (chat completions). */
  json?: any;
  /** multipart/form-data requests (audio transcriptions). */
  form?: FormData;
}

export type FakeAnswer =
  | { status: number; body: unknown }
  /** Never answer (the connection stays open until the client gives up). */
  | { hang: true };

export interface FakeOpenAi {
  /** e.g. http://127.0.0.1:54321/v1 — what OPENAI_BASE_URL is set to. */
  baseUrl: string;
  received: ReceivedRequest[];
  /** Decides the answer for each request; set per test. */
  answer: (request: ReceivedRequest) => FakeAnswer;
  close(): Promise<void>;
}

/** A chat completion as the OpenAI API sends it, with `content` as the assistant's message. */
export function chatCompletion(content: string | null, model = 'fake-model', refusal: string | null = null) {
  return {
    status: 200,
    body: {
      id: 'chatcmpl-fake',
      object: 'chat.completion',
      created: 1_795_000_000,
      model,
      choices: [{ index: 0, message: { role: 'assistant', content, refusal }, logprobs: null, finish_reason: 'stop' }],
      usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
    },
  };
}

/** The JSON error body the OpenAI API sends with a failure status. */
export function apiError(status: number, message = 'fake failure') {
  return { status, body: { error: { message, type: 'server_error', param: null, code: null } } };
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** An OpenAI-compatible HTTP server on loopback that records what it is sent. */
export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const fake: Omit<FakeOpenAi, 'baseUrl' | 'close'> = {
    received: [],
    answer: () => ({ status: 404, body: { error: { message: 'no answer set' } } }),
  };
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const type = request.headers['content-type'] ?? '';
    const received: ReceivedRequest = { method: request.method ?? '', path: request.url ?? '', headers: request.headers };
    try {
      if (type.startsWith('application/json')) received.json = JSON.parse(body.toString('utf8'));
      if (type.startsWith('multipart/form-data')) {
        received.form = await new Response(body, { headers: { 'content-type': type } }).formData();
      }
    } catch {
      send(response, 400, { error: { message: 'unreadable body' } });
      return;
    }
    fake.received.push(received);
    const answer = fake.answer(received);
    if ('hang' in answer) return;
    send(response, answer.status, answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
