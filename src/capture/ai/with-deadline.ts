import { AiCallError } from './capture-ai.js';

/**
 * Runs one provider call with an abort signal that fires after `ms`, and gives up at that moment even
 * if the call ignores the signal (a server that sends headers and then stalls the body).
 */
export async function withDeadline<T>(ms: number, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const error = new AiCallError('timeout', `no answer within ${ms} ms`);
      controller.abort(error);
      reject(error);
    }, ms);
  });
  try {
    return await Promise.race([run(controller.signal), expired]);
  } finally {
    clearTimeout(timer);
  }
}
