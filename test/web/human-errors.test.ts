import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../web/src/api/api-error.js';
import { humanError, NO_VOICE, problemOf, pushProblem } from '../../web/src/model/human-errors.js';

describe('failures as people read them', () => {
  let warn: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => warn.mockRestore());

  it('never shows the service’s developer message, and logs it to the console instead', () => {
    const raw = new ApiError('Voice capture needs an AI provider (OPENAI_API_KEY), and none is configured; send the transcript as "text" instead', 422);
    const shown = humanError(raw, 'capture-voice');
    expect(shown.text).toBe(NO_VOICE);
    expect(shown.text).not.toMatch(/OPENAI|transcript|"text"/);
    expect(warn).toHaveBeenCalledWith('[tickler] capture-voice failed:', raw);
  });

  it('says what failed, why, and what to do next, for each kind of failure', () => {
    expect(humanError(new ApiError('No connection', 0), 'save')).toEqual({
      text: 'The task was not saved: you’re offline. Try again when the network is back.',
      retry: true,
    });
    expect(humanError(new ApiError('Task not found', 404), 'update').text).toBe(
      'Your changes were not saved: it is gone, perhaps deleted on another device. The list is up to date now.',
    );
    expect(humanError(new ApiError('boom', 503), 'complete')).toEqual({
      text: 'The task was not completed: Tickler had a problem on its side. Try again in a moment.',
      retry: true,
    });
    expect(humanError(new ApiError('nothing readable', 422), 'capture-photo').text).toMatch(/^Tickler could not read the photo: it found no words in it\. Try a sharper photo/);
    expect(humanError(new ApiError('Too Many Requests', 429), 'load').retry).toBe(true);
    expect(humanError(new ApiError('title must not be empty', 400), 'update')).toEqual({
      text: 'Your changes were not saved: Tickler did not accept it. Check what you entered, then try again.',
      retry: false,
    });
  });

  it('passes on what an import could not read, since that helps fix the file', () => {
    expect(humanError(new ApiError('Task 2 of the import (line 7): title must not be empty', 400), 'import').text).toBe(
      'Nothing was imported: Task 2 of the import (line 7): title must not be empty. Fix the file, then import it again.',
    );
  });

  it('offers "Try again" only where trying again can help', () => {
    const again = () => undefined;
    expect(problemOf(new ApiError('offline', 0), 'load', again).retry).toBe(again);
    expect(problemOf(new ApiError('bad', 400), 'load', again).retry).toBeUndefined();
    expect(problemOf(new TypeError('x is undefined'), 'load').text).toBe(
      'Your tasks could not be loaded: something went wrong in this browser. Reload the page, then try again.',
    );
  });

  it('turns the Push API’s refusals into sentences', () => {
    const denied = new DOMException('Registration failed - permission denied', 'NotAllowedError');
    expect(pushProblem(denied)).toBe(
      'Reminders could not be turned on: this browser did not allow notifications for Tickler. Allow them in the site settings, then try again.',
    );
    expect(pushProblem(new DOMException('Registration failed - push service not available', 'AbortError'))).toMatch(
      /^Reminders could not be turned on: this browser’s push service did not answer\./,
    );
    expect(pushProblem(new ApiError('offline', 0))).toBe('Reminders could not be turned on: you’re offline. Try again when the network is back.');
  });
});
