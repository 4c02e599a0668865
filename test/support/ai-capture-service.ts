import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { DatabaseProvider } from '../../src/config.js';
import { startFakeOpenAi, type FakeOpenAi } from './fake-openai.js';
import { startTestService, type TestService } from './test-service.js';

/** The fake OpenAI provider and the test service that uses it; both are set once the describe block's beforeAll has run. */
export interface AiCaptureService {
  /** Set `answer` per test; `received` is emptied before each test. */
  fake: FakeOpenAi;
  service: TestService;
}

export interface AiCaptureServiceOptions {
  /** What the service's clock always reads. */
  now: Date;
  /**
   * Added to (and overriding) the provider settings: OPENAI_API_KEY=sk-test-key, OPENAI_BASE_URL=the fake's,
   * OPENAI_MODEL=parse-model, OPENAI_TRANSCRIBE_MODEL=transcribe-model.
   */
  env: Record<string, string>;
}

/**
 * For the calling describe block: starts the fake OpenAI provider and a test service of the provider configured to
 * use it before all tests, empties the fake's `received` before each test, and closes both after all tests.
 */
export function useAiCaptureService(provider: DatabaseProvider, options: AiCaptureServiceOptions): AiCaptureService {
  const ai = {} as AiCaptureService;
  beforeAll(async () => {
    ai.fake = await startFakeOpenAi();
    ai.service = await startTestService(provider, {
      clock: { now: () => options.now },
      env: {
        OPENAI_API_KEY: 'sk-test-key',
        OPENAI_BASE_URL: ai.fake.baseUrl,
        OPENAI_MODEL: 'parse-model',
        OPENAI_TRANSCRIBE_MODEL: 'transcribe-model',
        ...options.env,
      },
    });
  });
  afterAll(async () => {
    await ai.service?.close();
    await ai.fake?.close();
  });
  beforeEach(() => {
    ai.fake.received.length = 0;
  });
  return ai;
}
