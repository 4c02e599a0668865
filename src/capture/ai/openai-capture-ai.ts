import OpenAI, { APIConnectionTimeoutError, APIError, toFile } from 'openai';
import type { OpenAiConfig } from '../../config.js';
import { AiCallError, type CaptureAi } from './capture-ai.js';
import { AI_DRAFT_RESPONSE_FORMAT, buildParseMessages, IMAGE_TEXT_PROMPT } from './task-draft-format.js';
import { withDeadline } from './with-deadline.js';

export interface OpenAiCaptureOptions {
  config: OpenAiConfig;
  /** The most one call may take (CAPTURE_AI_TIMEOUT). */
  timeoutMs: number;
}

// Sorts SDK failures into what the caller acts on; never exposes the provider's message to clients.
function classify(error: unknown): AiCallError {
  if (error instanceof AiCallError) return error;
  if (error instanceof APIConnectionTimeoutError) return new AiCallError('timeout', 'the provider timed out', { cause: error });
  if (error instanceof APIError && typeof error.status === 'number') {
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
  // Retries would multiply the wait the timeout promises; a failed call falls back instead.
  const client = new OpenAI({ apiKey: config.apiKey, baseURL: config.baseUrl, maxRetries: 0, timeout: timeoutMs });

  async function call<T>(run: (signal: AbortSignal) => Promise<T>): Promise<T> {
    try {
      return await withDeadline(timeoutMs, run);
    } catch (error) {
      throw classify(error);
    }
  }

  return {
    async transcribe(audio) {
      const file = await toFile(audio.bytes, `audio.${audio.extension}`, { type: audio.mimeType });
      const result = await call((signal) =>
        client.audio.transcriptions.create({ file, model: config.transcribeModel, response_format: 'json' }, { signal }),
      );
      if (typeof result?.text !== 'string') throw new AiCallError('invalid-answer', 'the transcription has no text');
      return result.text;
    },

    async readImageText(image) {
      const url = `data:${image.mimeType};base64,${image.bytes.toString('base64')}`;
      const completion = await call((signal) =>
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

    async parseTaskText({ text, now, timeZone }) {
      const completion = await call((signal) =>
        client.chat.completions.create(
          { model: config.model, messages: buildParseMessages(text, now, timeZone), response_format: AI_DRAFT_RESPONSE_FORMAT },
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
