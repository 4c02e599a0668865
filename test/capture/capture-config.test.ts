import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: '/tmp/tickler-config-test', ...env });

describe('capture configuration', () => {
  it('runs without an AI provider by default, with an 8 s AI timeout and 09:00 for date-only phrases', () => {
    expect(load({}).capture).toEqual({ ai: null, aiTimeoutMs: 8_000, defaultTime: '09:00' });
  });

  it('enables the AI provider with OPENAI_API_KEY, with default models and the OpenAI endpoint', () => {
    expect(load({ OPENAI_API_KEY: 'sk-x' }).capture.ai).toEqual({
      apiKey: 'sk-x',
      baseUrl: 'https://api.openai.com/v1',
      model: 'gpt-4o-mini',
      transcribeModel: 'whisper-1',
      visionModel: 'gpt-4o-mini',
    });
  });

  it('takes the base URL and each model from the environment; the vision model follows OPENAI_MODEL', () => {
    const ai = load({
      OPENAI_API_KEY: 'sk-x',
      OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1',
      OPENAI_MODEL: 'llama3.2-vision',
      OPENAI_TRANSCRIBE_MODEL: 'whisper-large-v3',
    }).capture.ai;
    expect(ai).toMatchObject({
      baseUrl: 'http://127.0.0.1:11434/v1',
      model: 'llama3.2-vision',
      transcribeModel: 'whisper-large-v3',
      visionModel: 'llama3.2-vision',
    });
    expect(load({ OPENAI_API_KEY: 'k', OPENAI_VISION_MODEL: 'gpt-4o' }).capture.ai?.visionModel).toBe('gpt-4o');
  });

  it.each([
    ['8s', 8_000],
    ['1.5s', 1_500],
    ['250ms', 250],
    ['120s', 120_000],
  ])('reads CAPTURE_AI_TIMEOUT=%s as %d ms', (value, ms) => {
    expect(load({ CAPTURE_AI_TIMEOUT: value }).capture.aiTimeoutMs).toBe(ms);
  });

  it.each<[string, Record<string, string>]>([
    ['CAPTURE_AI_TIMEOUT', { CAPTURE_AI_TIMEOUT: '8' }],
    ['CAPTURE_AI_TIMEOUT', { CAPTURE_AI_TIMEOUT: 'fast' }],
    ['CAPTURE_AI_TIMEOUT', { CAPTURE_AI_TIMEOUT: '0s' }],
    ['CAPTURE_AI_TIMEOUT', { CAPTURE_AI_TIMEOUT: '10m' }],
    ['CAPTURE_AI_TIMEOUT', { CAPTURE_AI_TIMEOUT: '121s' }],
    ['CAPTURE_DEFAULT_TIME', { CAPTURE_DEFAULT_TIME: '9:00' }],
    ['CAPTURE_DEFAULT_TIME', { CAPTURE_DEFAULT_TIME: '24:00' }],
    ['CAPTURE_DEFAULT_TIME', { CAPTURE_DEFAULT_TIME: '9am' }],
    ['OPENAI_BASE_URL', { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: 'not a url' }],
    ['OPENAI_BASE_URL', { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: 'ftp://example.com/v1' }],
    ['OPENAI_MODEL', { OPENAI_API_KEY: 'k', OPENAI_MODEL: '  ' }],
    ['OPENAI_MODEL', { OPENAI_MODEL: 'gpt-4o' }],
    ['OPENAI_BASE_URL', { OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1' }],
  ])('stops start-up with a one-line ConfigError naming %s', (name, env) => {
    let error: unknown;
    try {
      load(env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(name);
    expect((error as Error).message).not.toContain('\n');
  });
});
