import type { Logger } from '../../logger.js';
import { AiCallError, type CaptureAi } from './capture-ai.js';

/**
 * The AI provider for one capture: after its first failure the capture stops asking it, so a
 * provider that is down costs one timeout, not one per step.
 */
export class AiSession {
  private failed = false;
  private readonly ai: CaptureAi | null;
  private readonly logger: Logger;

  constructor(ai: CaptureAi | null, logger: Logger) {
    this.ai = ai;
    this.logger = logger;
  }

  /** Runs one step; a failure is logged, ends the session and is rethrown. */
  async call<T>(step: string, run: (ai: CaptureAi) => Promise<T>): Promise<T> {
    if (!this.ai || this.failed) throw new AiCallError('unavailable', 'no AI provider for this capture');
    try {
      return await run(this.ai);
    } catch (error) {
      this.failed = true;
      const kind = error instanceof AiCallError ? error.kind : 'unavailable';
      const reason = error instanceof Error ? error.message : String(error);
      this.logger.warn({ step, kind, reason }, 'AI capture step failed');
      throw error;
    }
  }

  /** Runs one step if the provider is usable; null when it is not or the step failed. */
  async attempt<T>(step: string, run: (ai: CaptureAi) => Promise<T>): Promise<T | null> {
    if (!this.ai || this.failed) return null;
    return this.call(step, run).catch(() => null);
  }
}
