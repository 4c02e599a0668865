import type OpenAI from 'openai';
import type { OpenAiConfig } from '../../config.js';
import { AiCallError, type CaptureAi } from './capture-ai.js';
import { AI_DRAFT_RESPONSE_FORMAT, buildParseMessages, IMAGE_TEXT_PROMPT } from './task-draft-format.js';
import { withDeadline } from './with-deadline.js';

export interface OpenAiCaptureOptions {
  config: OpenAiConfig;
  /** The most one call may take (CAPTURE_AI_TIMEOUT). */
  timeoutMs: number;
}

type OpenAiSdk = typeof import('openai');

interface Connection {
  sdk: OpenAiSdk;
  client: OpenAI;
}

// Sorts SDK failures into what the caller acts on; never exposes the provider's message to clients.
function classify(error: unknown, sdk: OpenAiSdk | null): AiCallError {
  if (error instanceof AiCallError) return error;
  if (sdk && error instanceof sdk.APIConnectionTimeoutError) return new AiCallError('timeout', 'the provider timed out', { cause: error });
  if (sdk && error instanceof sdk.APIError && typeof error.status === 'number') {
    const kind = error.status >= 500 || error.status === 429 || error.status === 401 || error.status === 403 ? 'unavailable' : 'rejected';
    return new AiCallError(kind, `the provider answered ${error.status}`, { cause: error });
  }
  return new AiCallError('unavailable', 'the provider could not be reached', { cause: error });
}

function messageText(completion: OpenAI.Chat.Completions.ChatCompletion): string {
  const message = completion.choices?.[0]?.message;
  if (!message || message.refusal) throw new AiCallError('invalid-answer', 'the model gave no answer or refused');
  if (typeof message.content !== 'string') throw new AiCallError('invalid-answer', 'the answer has no text');
  return message.content;
}

/** Capture's AI calls on any OpenAI-compatible server, each bounded by the timeout and never retried. */
export function createOpenAiCaptureAi({ config, timeoutMs }: OpenAiCaptureOptions): CaptureAi {
  // The SDK is a large module: it loads on the first capture that needs it, not at start-up.
  let connection: Promise<Connection> | null = null;
  const connect = (): Promise<Connection> =>
    (connection ??= import('openai').then(
      (sdk) => ({
        sdk,
        // Retries would multiply the wait the timeout promises; a failed call falls back instead.
        client: new sdk.default({ apiKey: config.apiKey, baseURL: config.baseUrl, maxRetries: 0, timeout: timeoutMs }),
      }),
      (error: unknown) => {
        connection = null;
        throw classify(error, null);
      },
    ));

  async function call<T>(run: (connection: Connection, signal: AbortSignal) => Promise<T>): Promise<T> {
    const connected = await connect();
    try {
      return await withDeadline(timeoutMs, (signal) => run(connected, signal));
    } catch (error) {
      throw classify(error, connected.sdk);
    }
  }

  return {
    async transcribe(audio) {
      const result = await call(async ({ sdk, client }, signal) => {
        const file = await sdk.toFile(audio.bytes, `audio.${audio.extension}`, { type: audio.mimeType });
        return client.audio.transcriptions.create(
          { file, model: config.transcribeModel, response_format: 'json', ...(audio.language ? { language: audio.language } : {}) },
          { signal },
        );
      });
      if (typeof result?.text !== 'string') throw new AiCallError('invalid-answer', 'the transcription has no text');
      return result.text;
    },

    async readImageText(image) {
      const url = `data:${image.mimeType};base64,${image.bytes.toString('base64')}`;
      const completion = await call(({ client }, signal) =>
        client.chat.completions.create(
          {
            model: config.visionModel,
            messages: [
              {
                role: 'user',
                content: [
                  { type: 'text', text: IMAGE_TEXT_PROMPT },
                  { type: 'image_url', image_url: { url } },
                ],
              },
            ],
          },
          { signal },
        ),
      );
      return messageText(completion);
    },

    async parseTaskText({ text, now, timeZone, language }) {
      const completion = await call(({ client }, signal) =>
        client.chat.completions.create(
          { model: config.model, messages: buildParseMessages(text, now, timeZone, language), response_format: AI_DRAFT_RESPONSE_FORMAT },
          { signal },
        ),
      );
      try {
        return JSON.parse(messageText(completion)) as unknown;
      } catch (error) {
        if (error instanceof AiCallError) throw error;
        throw new AiCallError('invalid-answer', 'the answer is not JSON');
      }
    },
  };
}
