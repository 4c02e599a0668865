/**
 * Every failure a person can meet, as a sentence with a next step. The developer detail (the
 * service's message, the status, the stack) goes to the console only. No DOM here (unit tested).
 */
import { ApiError } from '../api/api-error.js';

/** What the person was doing when it failed. */
export type Doing =
  | 'load'
  | 'capture-text'
  | 'capture-photo'
  | 'capture-voice'
  | 'save'
  | 'update'
  | 'delete'
  | 'complete'
  | 'reopen'
  | 'snooze'
  | 'settings'
  | 'feed'
  | 'export'
  | 'import'
  | 'sessions'
  | 'devices'
  | 'test-push'
  | 'delete-account'
  | 'list'
  | 'delete-list'
  | 'share'
  | 'join';

export interface HumanError {
  text: string;
  /** Worth trying again as it was (offline, busy, the service's own trouble). */
  retry: boolean;
}

/** Said before recording when the service cannot transcribe voice notes. */
export const NO_VOICE = 'Voice needs the server’s AI provider — type or take a photo instead.';

const FAILED: Record<Doing, string> = {
  load: 'Your tasks could not be loaded',
  'capture-text': 'Tickler could not read that',
  'capture-photo': 'Tickler could not read the photo',
  'capture-voice': 'Tickler could not read the recording',
  save: 'The task was not saved',
  update: 'Your changes were not saved',
  delete: 'The task was not deleted',
  complete: 'The task was not completed',
  reopen: 'The task was not brought back',
  snooze: 'The reminder was not snoozed',
  settings: 'The setting was not changed',
  feed: 'The calendar feed was not changed',
  export: 'Your data could not be exported',
  import: 'Nothing was imported',
  sessions: 'The sign-in was not ended',
  devices: 'Your devices could not be loaded',
  'test-push': 'The test was not sent',
  'delete-account': 'The account was not deleted',
  list: 'The list was not saved',
  'delete-list': 'The list was not deleted',
  share: 'Sharing did not work',
  join: 'You did not join the list',
};

function why(error: ApiError, doing: Doing): HumanError {
  const failed = FAILED[doing];
  switch (true) {
    case error.status === 0:
      return { text: `${failed}: you’re offline. Try again when the network is back.`, retry: true };
    case error.status === 401:
      return { text: `${failed}: you were signed out. Sign in again; what you typed is kept.`, retry: false };
    case error.status === 403:
      return { text: `${failed}: you may not do that here.`, retry: false };
    case error.status === 404:
      return { text: `${failed}: it is gone, perhaps deleted on another device. The list is up to date now.`, retry: false };
    case error.status === 409 && doing === 'list':
      return { text: `${failed}: you already have a list of that name. Pick another name.`, retry: false };
    case error.status === 409 && doing === 'delete-list':
      return { text: `${failed}: the Inbox stays; move or complete its tasks instead.`, retry: false };
    case error.status === 400 && doing === 'join':
      return { text: `${failed}: this invitation cannot be used any more (used, expired or withdrawn). Ask for a new link.`, retry: false };
    case error.status === 409:
      return { text: `${failed}: something changed at the same moment. Try again.`, retry: true };
    case error.status === 413:
      return {
        text:
          doing === 'import'
            ? `${failed}: the file is too big (10 MB at most). Split it, or import from a computer.`
            : `${failed}: the file is too big. Try a smaller photo or a shorter recording.`,
        retry: false,
      };
    case error.status === 415:
      return {
        text:
          doing === 'import'
            ? `${failed}: Tickler reads a Tickler export (.json) or a Todoist CSV (.csv). Pick one of those.`
            : `${failed}: Tickler cannot open this kind of file. Try a photo (JPEG or PNG), or type the task.`,
        retry: false,
      };
    case error.status === 422 && doing === 'capture-voice':
      return /AI provider/i.test(error.message)
        ? { text: NO_VOICE, retry: false }
        : { text: `${failed}: it could not make out the words. Try again closer to the microphone, or type the task.`, retry: false };
    case error.status === 422 && doing === 'capture-photo':
      return { text: `${failed}: it found no words in it. Try a sharper photo with more light, or type the task.`, retry: false };
    case error.status === 429:
      return { text: `${failed}: too many requests just now. Wait a minute, then try again.`, retry: true };
    case error.status >= 500:
      return { text: `${failed}: Tickler had a problem on its side. Try again in a moment.`, retry: true };
    case doing === 'import':
      // The service names what it could not read (a task, a line, a date): that helps fix the file.
      return { text: `${failed}: ${error.message.replace(/\.?$/, '.')} Fix the file, then import it again.`, retry: false };
    default:
      return { text: `${failed}: Tickler did not accept it. Check what you entered, then try again.`, retry: false };
  }
}

/** The failure as the person should read it; the detail is logged for whoever opens the console. */
export function humanError(error: unknown, doing: Doing): HumanError {
  console.warn(`[tickler] ${doing} failed:`, error);
  if (error instanceof ApiError) return why(error, doing);
  return { text: `${FAILED[doing]}: something went wrong in this browser. Reload the page, then try again.`, retry: true };
}

/** Why reminders could not be turned on in this browser (a DOMException from the Push API, or the service). */
export function pushProblem(error: unknown): string {
  console.warn('[tickler] turning on reminders failed:', error);
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError') {
    return 'Reminders could not be turned on: this browser did not allow notifications for Tickler. Allow them in the site settings, then try again.';
  }
  if (error instanceof ApiError) return why(error, 'settings').text.replace(FAILED.settings, 'Reminders could not be turned on');
  return 'Reminders could not be turned on: this browser’s push service did not answer. Try again later; until then Tickler shows reminders while it is open.';
}

/** A problem shown to the person: the sentence, and "Try again" when trying again can help. */
export interface Problem {
  text: string;
  retry?: () => void;
}

/** The Problem of a failure; `again` is offered as "Try again" when the failure is worth retrying. */
export function problemOf(error: unknown, doing: Doing, again?: () => void): Problem {
  const human = humanError(error, doing);
  return human.retry && again ? { text: human.text, retry: again } : { text: human.text };
}
