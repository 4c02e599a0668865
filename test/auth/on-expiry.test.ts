import { afterEach, describe, expect, it, vi } from 'vitest';
import { onExpiry } from '../../src/auth/on-expiry.js';

const DAY = 86_400_000;

describe('onExpiry', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fires once the instant has passed, also beyond the ~24.8-day reach of one Node timer', () => {
    vi.useFakeTimers();
    const fired = vi.fn();
    onExpiry(new Date(Date.now() + 30 * DAY), fired);
    vi.advanceTimersByTime(25 * DAY);
    expect(fired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5 * DAY - 1);
    expect(fired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fired).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60 * DAY);
    expect(fired).toHaveBeenCalledTimes(1);
  });

  it('fires at once for an instant already past, and never once cancelled', () => {
    vi.useFakeTimers();
    const past = vi.fn();
    onExpiry(new Date(Date.now() - 1), past);
    expect(past).toHaveBeenCalledTimes(1);

    const cancelled = vi.fn();
    const cancel = onExpiry(new Date(Date.now() + 40 * DAY), cancelled);
    vi.advanceTimersByTime(30 * DAY);
    cancel();
    vi.advanceTimersByTime(30 * DAY);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
