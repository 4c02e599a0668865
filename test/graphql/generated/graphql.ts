/* eslint-disable */
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
export type Maybe<T> = T | null;
export type InputMaybe<T> = T | null | undefined;
export type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
export type MakeOptional<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]?: Maybe<T[SubKey]> };
export type MakeMaybe<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]: Maybe<T[SubKey]> };
export type MakeEmpty<T extends { [key: string]: unknown }, K extends keyof T> = { [_ in K]?: never };
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** An instant as RFC 3339 text: always UTC with milliseconds on output; Z or a numeric offset on input. */
  DateTime: { input: string; output: string; }
  /** A file upload (input only): send the operation as multipart/form-data following the GraphQL multipart request spec (`operations`, `map`, then the file parts), and set the variable to null in `operations`. */
  File: { input: any; output: any; }
  /** Any JSON value (object, array, string, number, boolean or null), passed as it is: as a variable, or written inline as a GraphQL value (objects and lists of literals). */
  JSON: { input: unknown; output: unknown; }
};

/** The caller's calendar subscription URL (iCalendar): secret, no bearer token needed to read it. */
export type CalendarFeed = {
  __typename?: 'CalendarFeed';
  /** GET it for VEVENTs, or with ?kind=todo for VTODOs */
  url: Scalars['String']['output'];
};

/** A task read from text, a voice note or a photo, for the user to review; nothing is stored. createTask takes its title, description, dueAt, recurrence and reminder as they are. */
export type CaptureDraft = {
  __typename?: 'CaptureDraft';
  /** 0 to 1 */
  confidence: Scalars['Float']['output'];
  /** YYYY-MM-DD in the time zone used */
  date?: Maybe<Scalars['String']['output']>;
  description: Scalars['String']['output'];
  /** A date without a time is due at CAPTURE_DEFAULT_TIME */
  dueAt?: Maybe<Scalars['DateTime']['output']>;
  /** The text read from an image upload */
  extractedText?: Maybe<Scalars['String']['output']>;
  /** The RRULE of a repeating phrase ("every monday" → FREQ=WEEKLY;BYDAY=MO); dueAt is the first occurrence */
  recurrence?: Maybe<Scalars['String']['output']>;
  /** The repeat in English ("every week on Monday at 9:00") */
  recurrenceText?: Maybe<Scalars['String']['output']>;
  /** The same reminder in minutes, as REST shows it */
  remindBefore?: Maybe<Scalars['Int']['output']>;
  /** The reminder the text asked for, if any */
  reminder?: Maybe<ReminderOffset>;
  source: CaptureSource;
  /** HH:MM (24 h); null when no time was named */
  time?: Maybe<Scalars['String']['output']>;
  /** May be empty when nothing but a date was understood */
  title: Scalars['String']['output'];
  /** The words of an audio upload */
  transcript?: Maybe<Scalars['String']['output']>;
};

export type CaptureSource =
  /** Read by the AI provider */
  | 'AI'
  /** Read by the offline parser (also when the AI provider failed) */
  | 'LOCAL';

/** Text, one file, or both (the text is then read before the text of the file). */
export type CaptureTaskInput = {
  /** What the user typed or said, at most 4000 characters */
  text?: InputMaybe<Scalars['String']['input']>;
  /** IANA name the text is read in; default: the caller's stored zone, else UTC */
  timeZone?: InputMaybe<Scalars['String']['input']>;
  /** A voice note (webm, mp4/m4a, mpeg/mp3, wav or ogg, at most 25 MiB; needs an AI provider) or a photo of a note (png, jpeg or webp, at most 10 MiB). Which one it is is decided by its content. */
  upload?: InputMaybe<Scalars['File']['input']>;
};

export type CreateTaskInput = {
  /** At most 10 000 characters; default "" */
  description?: InputMaybe<Scalars['String']['input']>;
  dueAt?: InputMaybe<Scalars['DateTime']['input']>;
  /** Default LOW */
  priority?: InputMaybe<TaskPriority>;
  /** An RFC 5545 RRULE value (FREQ=DAILY|WEEKLY|MONTHLY|YEARLY, ...); needs dueAt, the first occurrence: a dueAt the rule does not generate is moved to its first occurrence at or after it */
  recurrence?: InputMaybe<Scalars['String']['input']>;
  /**
   * The reminder in minutes (0, 10, 30 or 60), as REST takes it; not together with `reminder`
   * @deprecated Use `reminder`.
   */
  remindBefore?: InputMaybe<Scalars['Int']['input']>;
  /** Needs dueAt; null or absent for no reminder */
  reminder?: InputMaybe<ReminderOffset>;
  /** 1 to 500 characters after trimming */
  title: Scalars['String']['input'];
};

export type CreateWebhookEndpointInput = {
  /** At most 500 characters; default "" */
  description?: InputMaybe<Scalars['String']['input']>;
  /** Default: every event type */
  events?: InputMaybe<Array<WebhookEventType>>;
  /** An https URL whose host resolves only to public addresses; checked again before every delivery. WEBHOOK_ALLOW_INSECURE=true lifts this for development. */
  url: Scalars['String']['input'];
};

/** Exactly one of: an export document inline, a Todoist CSV export inline, or either as an uploaded file. A request body is at most 64 KiB; a larger import is sent as `file` (GraphQL multipart request, at most 10 MiB). */
export type ImportAccountInput = {
  /** A tickler.export/1 document (exportAccount, GET /me/export) */
  document?: InputMaybe<Scalars['JSON']['input']>;
  /** An export document (Content-Type application/json or a .json name) or a Todoist CSV export (text/csv or .csv), UTF-8 */
  file?: InputMaybe<Scalars['File']['input']>;
  /** Whether an export document's time zone becomes the account's (default AUTO: only while the account is on UTC) */
  timeZone?: InputMaybe<ImportTimeZoneRule>;
  /** The text of a Todoist CSV export; its task rows are imported, with their notes, sections and date phrases */
  todoistCsv?: InputMaybe<Scalars['String']['input']>;
};

/** What the file held that was kept in another form, per kind. */
export type ImportConverted = {
  __typename?: 'ImportConverted';
  /** Todoist DATE phrases ("every monday", "Dec 1 at 5pm") read into a due time and, when they repeat, a rule */
  datePhrases: Scalars['Int']['output'];
  /** Todoist notes (comments) appended to their task's description as `Todoist note: …` */
  notes: Scalars['Int']['output'];
  /** Todoist sections whose name heads their tasks' descriptions as `Todoist section: …` (until lists exist) */
  sections: Scalars['Int']['output'];
};

/** What the file held that was left out, per kind. */
export type ImportDropped = {
  __typename?: 'ImportDropped';
  /** Todoist AUTHORs */
  author: Scalars['Int']['output'];
  /** An export's calendar feed, when it was on (its URL is not in it: turn it on again) */
  calendarFeed: Scalars['Int']['output'];
  /** An export's completed-occurrence history of repeating tasks */
  completions: Scalars['Int']['output'];
  /** Todoist DATEs not understood: the task is undated and the text is kept in its description as `Todoist date: …` */
  dates: Scalars['Int']['output'];
  /** Todoist DEADLINEs (tasks have no deadline besides the due time) */
  deadline: Scalars['Int']['output'];
  /** Todoist DURATIONs (tasks have no duration) */
  duration: Scalars['Int']['output'];
  /** Todoist sub-tasks (INDENT over 1): imported as tasks of their own, without the hierarchy */
  indent: Scalars['Int']['output'];
  /** Todoist notes with no task above them, or that did not fit in the description */
  notes: Scalars['Int']['output'];
  /** An export's push subscriptions (their keys are not in it: turn reminders on again on each device) */
  pushSubscriptions: Scalars['Int']['output'];
  /** Todoist RESPONSIBLE assignees (an account is one person) */
  responsible: Scalars['Int']['output'];
  /** Todoist sections with no task under them */
  sections: Scalars['Int']['output'];
  /** An export's webhook endpoints (their secrets are not in it: set them up again) */
  webhookEndpoints: Scalars['Int']['output'];
};

/** What an import created, what the account had already (so was not created again), the time zone, and what was converted or left out. */
export type ImportResult = {
  __typename?: 'ImportResult';
  /** What the file held that was kept in another form (counted whether its task was created now or skipped) */
  converted: ImportConverted;
  /** Tasks created by this import */
  created: Scalars['Int']['output'];
  /** What the file held that was left out */
  dropped: ImportDropped;
  /** Todoist CSV rows read with a problem (the first 100) */
  rows: Array<ImportRowProblem>;
  /** Row problems beyond those listed */
  rowsNotListed: Scalars['Int']['output'];
  /** Tasks of the file the account already had (created by an earlier import of the same file, or with the same title, description, due time, priority, rule and completion) */
  skipped: Scalars['Int']['output'];
  /** The document's time zone and the account's after the import */
  timeZone: ImportTimeZone;
};

/** A Todoist CSV row read with a problem; the row was imported as the problem says. */
export type ImportRowProblem = {
  __typename?: 'ImportRowProblem';
  problem: Scalars['String']['output'];
  /** The line of the file the row starts on (the header is line 1) */
  row: Scalars['Int']['output'];
};

/** The import's time zone: the document's, the account's after the import, and whether the import set it. */
export type ImportTimeZone = {
  __typename?: 'ImportTimeZone';
  /** The account's time zone after the import */
  account: Scalars['String']['output'];
  /** Whether this import set the account's zone to the document's */
  applied: Scalars['Boolean']['output'];
  /** The export document's user.timeZone (null: none, or a Todoist CSV) */
  document?: Maybe<Scalars['String']['output']>;
};

/** Whether an export document's time zone becomes the account's. */
export type ImportTimeZoneRule =
  /** Always */
  | 'APPLY'
  /** Only while the account is on the default zone, UTC (a new account) */
  | 'AUTO'
  /** Never: the account keeps its zone */
  | 'KEEP';

export type Mutation = {
  __typename?: 'Mutation';
  /** Turns text, a voice note or a photo into a task draft for review, like REST POST /capture; stores nothing. Errors: BAD_USER_INPUT (empty or malformed input, unknown time zone), PAYLOAD_TOO_LARGE, UNSUPPORTED_MEDIA_TYPE, UNPROCESSABLE_CONTENT (voice without an AI provider, a failed transcription, nothing readable in the file); `extensions.reason` carries the capture error code. */
  captureTask?: Maybe<CaptureDraft>;
  /** Pending becomes completed; completing a completed task changes nothing. A repeating task records the occurrence and moves to the next one (completed for good after the last). */
  completeTask?: Maybe<Task>;
  /** Turns the calendar feed on, or rotates its URL: the previous URL stops working at once. */
  createCalendarFeed: CalendarFeed;
  createTask?: Maybe<Task>;
  /** Registers an endpoint; the answer carries its signing secret, which is not shown again. */
  createWebhookEndpoint?: Maybe<WebhookEndpointWithSecret>;
  /** Deletes the caller's account and everything of it (tasks, events, webhooks, push subscriptions, calendar feed, sessions); always true. The caller's tokens issued until now are refused from then on; a token issued later starts an empty account. */
  deleteAccount: Scalars['Boolean']['output'];
  /** Turns the calendar feed off; false when it was already off. */
  deleteCalendarFeed: Scalars['Boolean']['output'];
  /** Deletes the subscription with its pending messages and log; returns its last state. */
  deletePushSubscription?: Maybe<PushSubscription>;
  /** Deletes the task for good and returns its last state. */
  deleteTask?: Maybe<Task>;
  /** Deletes the endpoint with its pending deliveries and delivery log; returns its last state. */
  deleteWebhookEndpoint?: Maybe<WebhookEndpoint>;
  /** Creates the tasks of an export document or a Todoist CSV export, like REST POST /me/import: the same rules and limits, all or nothing, and idempotent (importing the same file again creates nothing). Errors: BAD_USER_INPUT (not exactly one source, not an export, an invalid task: nothing is created), PAYLOAD_TOO_LARGE, UNSUPPORTED_MEDIA_TYPE (a file that is neither JSON nor CSV). */
  importAccount?: Maybe<ImportResult>;
  /** Registers a browser for reminders; the same endpoint again updates its keys and keeps its id. */
  registerPushSubscription?: Maybe<PushSubscription>;
  /** Completed becomes pending; reopening a pending task changes nothing. */
  reopenTask?: Maybe<Task>;
  /** Sends a delivery again now, delivered or failed alike: the same webhook-id and body, a fresh signature. If it fails, the rest of its retry schedule applies. */
  retryWebhookDelivery?: Maybe<QueuedWebhookDelivery>;
  /** Signs one of the caller's sessions out (this one too): its refresh token fails at once, its access tokens within a few seconds. true when it was active, false when it had already ended; NOT_FOUND for an id that is not the caller's. */
  revokeSession: Scalars['Boolean']['output'];
  /** Gives the endpoint a new secret (shown this once). For 24 hours deliveries also carry a signature made with the old one, so the receiver can switch without rejecting any. */
  rotateWebhookSecret?: Maybe<WebhookEndpointWithSecret>;
  /** Queues a test notification to the subscription; sent at once, retried and logged like a reminder. */
  sendTestPush?: Maybe<QueuedPush>;
  /** Queues a webhook.test event to the endpoint; sent at once, retried and logged like any delivery. */
  sendTestWebhook?: Maybe<QueuedWebhookDelivery>;
  /** Sets the caller's time zone; IANA names only ("Europe/Paris"), stored in canonical form. */
  setTimeZone?: Maybe<Viewer>;
  /** Makes the task's reminder fire again `minutes` (5 to 1440) from now without changing dueAt; reminderSchedule shows it (snoozedUntil). CONFLICT for a completed task. */
  snoozeReminder?: Maybe<Task>;
  updateTask?: Maybe<Task>;
  updateWebhookEndpoint?: Maybe<WebhookEndpoint>;
};


export type MutationCaptureTaskArgs = {
  input: CaptureTaskInput;
};


export type MutationCompleteTaskArgs = {
  id: Scalars['ID']['input'];
};


export type MutationCreateTaskArgs = {
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  input: CreateTaskInput;
};


export type MutationCreateWebhookEndpointArgs = {
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  input: CreateWebhookEndpointInput;
};


export type MutationDeletePushSubscriptionArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDeleteTaskArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDeleteWebhookEndpointArgs = {
  id: Scalars['ID']['input'];
};


export type MutationImportAccountArgs = {
  input: ImportAccountInput;
};


export type MutationRegisterPushSubscriptionArgs = {
  input: RegisterPushSubscriptionInput;
};


export type MutationReopenTaskArgs = {
  id: Scalars['ID']['input'];
};


export type MutationRetryWebhookDeliveryArgs = {
  deliveryId: Scalars['ID']['input'];
  endpointId: Scalars['ID']['input'];
};


export type MutationRevokeSessionArgs = {
  id: Scalars['ID']['input'];
};


export type MutationRotateWebhookSecretArgs = {
  id: Scalars['ID']['input'];
};


export type MutationSendTestPushArgs = {
  id: Scalars['ID']['input'];
};


export type MutationSendTestWebhookArgs = {
  id: Scalars['ID']['input'];
};


export type MutationSetTimeZoneArgs = {
  timeZone: Scalars['String']['input'];
};


export type MutationSnoozeReminderArgs = {
  minutes: Scalars['Int']['input'];
  taskId: Scalars['ID']['input'];
};


export type MutationUpdateTaskArgs = {
  input: UpdateTaskInput;
};


export type MutationUpdateWebhookEndpointArgs = {
  input: UpdateWebhookEndpointInput;
};

/** One completed occurrence of a repeating task and where the task moved. */
export type OccurrenceCompleted = {
  __typename?: 'OccurrenceCompleted';
  completedAt: Scalars['DateTime']['output'];
  /** The occurrence that was completed */
  dueAt: Scalars['DateTime']['output'];
  /** The next occurrence, now the task's dueAt; null when the rule ended and the task completed for good */
  nextDueAt?: Maybe<Scalars['DateTime']['output']>;
};

export type PageInfo = {
  __typename?: 'PageInfo';
  endCursor?: Maybe<Scalars['String']['output']>;
  hasNextPage: Scalars['Boolean']['output'];
  hasPreviousPage: Scalars['Boolean']['output'];
  startCursor?: Maybe<Scalars['String']['output']>;
};

/** One request made to a push service for a message, with where the message stands now. */
export type PushDeliveryAttempt = {
  __typename?: 'PushDeliveryAttempt';
  attempt: Scalars['Int']['output'];
  attemptedAt: Scalars['DateTime']['output'];
  deliveryId: Scalars['ID']['output'];
  /** pending, delivered or failed */
  deliveryState: Scalars['String']['output'];
  error?: Maybe<Scalars['String']['output']>;
  eventId: Scalars['String']['output'];
  latencyMs: Scalars['Int']['output'];
  nextAttemptAt?: Maybe<Scalars['DateTime']['output']>;
  /** The push service's HTTP status; null when no answer came */
  statusCode?: Maybe<Scalars['Int']['output']>;
  /** "reminder.due" or "push.test" */
  type: Scalars['String']['output'];
};

/** One of the caller's browsers that reminders are pushed to. `id` is REST's id; its keys are never shown. */
export type PushSubscription = {
  __typename?: 'PushSubscription';
  createdAt: Scalars['DateTime']['output'];
  /** The most recent attempts to push to it, newest first. */
  deliveries: Array<PushDeliveryAttempt>;
  deviceName: Scalars['String']['output'];
  endpoint: Scalars['String']['output'];
  id: Scalars['ID']['output'];
};


/** One of the caller's browsers that reminders are pushed to. `id` is REST's id; its keys are never shown. */
export type PushSubscriptionDeliveriesArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
};

export type PushSubscriptionKeys = {
  /** base64url of the 16-byte auth secret */
  auth: Scalars['String']['input'];
  /** base64url of an uncompressed P-256 point (65 bytes) */
  p256dh: Scalars['String']['input'];
};

export type Query = {
  __typename?: 'Query';
  /** The caller's whole account as GET /me/export answers it (format tickler.export/1): settings, tasks with reminders, rules and completed occurrences, webhook endpoints without secrets, push subscriptions without keys. A GraphQL answer is not streamed, so an export over 10 MiB is refused with PAYLOAD_TOO_LARGE (reason account/export_too_large): read a large account with REST GET /me/export, which streams any size. */
  exportAccount?: Maybe<Scalars['JSON']['output']>;
  me: Viewer;
  /** The service's VAPID public key (base64url): PushManager.subscribe()'s applicationServerKey. */
  pushPublicKey: Scalars['String']['output'];
  /** The caller's push subscriptions, oldest first (at most 20). */
  pushSubscriptions: Array<PushSubscription>;
  /** The caller's active sessions, most recently used first (at most 100). */
  sessions: Array<Session>;
  /** One of the caller's tasks by its id; NOT_FOUND for an unknown id or another user's task. */
  task?: Maybe<Task>;
  /** The caller's tasks, 50 per page unless `first` says otherwise (at most 200). */
  tasks: TaskConnection;
  /** The daily queue: pending tasks overdue or due today in the caller's time zone (or `timeZone`), by due time, undated tasks after. */
  today: TaskConnection;
  /** The most recent delivery attempts to one of the caller's endpoints, newest first. */
  webhookDeliveries?: Maybe<Array<WebhookDeliveryAttempt>>;
  /** One of the caller's endpoints; NOT_FOUND for an unknown id or another user's endpoint. */
  webhookEndpoint?: Maybe<WebhookEndpoint>;
  /** The caller's webhook endpoints, oldest first (at most 25). */
  webhookEndpoints: Array<WebhookEndpoint>;
};


export type QueryTaskArgs = {
  id: Scalars['ID']['input'];
};


export type QueryTasksArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<TaskFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<TaskOrder>;
};


export type QueryTodayArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  timeZone?: InputMaybe<Scalars['String']['input']>;
};


export type QueryWebhookDeliveriesArgs = {
  endpointId: Scalars['ID']['input'];
  limit?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryWebhookEndpointArgs = {
  id: Scalars['ID']['input'];
};

/** A push message queued to go out at once. */
export type QueuedPush = {
  __typename?: 'QueuedPush';
  deliveryId: Scalars['ID']['output'];
  eventId: Scalars['String']['output'];
};

/** A delivery queued to go out at once. */
export type QueuedWebhookDelivery = {
  __typename?: 'QueuedWebhookDelivery';
  deliveryId: Scalars['ID']['output'];
  /** The webhook-id header the receiver gets (the same on every retry) */
  eventId: Scalars['String']['output'];
};

/** The browser's PushSubscription.toJSON(), plus an optional device name. */
export type RegisterPushSubscriptionInput = {
  deviceName?: InputMaybe<Scalars['String']['input']>;
  endpoint: Scalars['String']['input'];
  /** Epoch milliseconds, or null */
  expirationTime?: InputMaybe<Scalars['Float']['input']>;
  keys: PushSubscriptionKeys;
};

/** A task's reminder schedule. */
export type Reminder = {
  __typename?: 'Reminder';
  /** When it fires (or fired): dueAt minus the offset */
  fireAt: Scalars['DateTime']['output'];
  firedAt?: Maybe<Scalars['DateTime']['output']>;
  offset: ReminderOffset;
  offsetMinutes: Scalars['Int']['output'];
  /** Set while the schedule is a snooze: fireAt was moved here (dueAt unchanged); null otherwise */
  snoozedUntil?: Maybe<Scalars['DateTime']['output']>;
  state: ReminderState;
};

/** One of the caller's reminders firing (the `reminder.due` event), on whichever instance fired it. */
export type ReminderDue = {
  __typename?: 'ReminderDue';
  firedAt: Scalars['DateTime']['output'];
  /** The event id (UUIDv7, ordered by time) */
  id: Scalars['ID']['output'];
  /** Fired noticeably after plannedAt (e.g. missed while the service was down) */
  late: Scalars['Boolean']['output'];
  /** How long after plannedAt it fired */
  lateSeconds: Scalars['Float']['output'];
  occurredAt: Scalars['DateTime']['output'];
  offset: ReminderOffset;
  /** When it was planned to fire: dueAt minus the offset, or when it was scheduled if that had passed */
  plannedAt: Scalars['DateTime']['output'];
  /** The task as it was when the reminder fired */
  task: Task;
};

/** When a reminder fires, relative to the task's due time (REST: `remindBefore` in minutes, 0/10/30/60). */
export type ReminderOffset =
  /** At the due time */
  | 'AT_TIME'
  /** 1 hour before the due time */
  | 'HOUR_1'
  /** 10 minutes before the due time */
  | 'MINUTES_10'
  /** 30 minutes before the due time */
  | 'MINUTES_30';

export type ReminderState =
  | 'CANCELLED'
  | 'FIRED'
  | 'MISSED'
  | 'SCHEDULED';

/** A signed-in browser or device of the caller (a sign-in link exchanged for tokens). */
export type Session = {
  __typename?: 'Session';
  /** When the sign-in link was used */
  createdAt: Scalars['DateTime']['output'];
  /** The session of the token this request carries */
  current: Scalars['Boolean']['output'];
  id: Scalars['ID']['output'];
  /** The last sign-in or token refresh (about every 15 minutes while the app is open) */
  lastUsedAt: Scalars['DateTime']['output'];
  /** The browser that last refreshed it */
  userAgent?: Maybe<Scalars['String']['output']>;
};

export type Subscription = {
  __typename?: 'Subscription';
  /** Every reminder of the caller's that fires from now on (or after `after`), in order, each once. */
  reminderDue: ReminderDue;
  /** Every change to the caller's tasks from now on (or after `after`): created, updated, completed (or one occurrence of a repeating task completed), reopened, deleted; in the order they were committed, each once. */
  taskChanged: TaskChange;
};


export type SubscriptionReminderDueArgs = {
  after?: InputMaybe<Scalars['ID']['input']>;
};


export type SubscriptionTaskChangedArgs = {
  after?: InputMaybe<Scalars['ID']['input']>;
};

/** One of the caller's tasks. `id` is the same integer id as in REST. */
export type Task = {
  __typename?: 'Task';
  completedAt?: Maybe<Scalars['DateTime']['output']>;
  createdAt: Scalars['DateTime']['output'];
  description: Scalars['String']['output'];
  dueAt?: Maybe<Scalars['DateTime']['output']>;
  id: Scalars['ID']['output'];
  /** When the reminder is scheduled to fire next: dueAt minus the offset, or sooner if that had already passed when it was scheduled. Null when there is no reminder, or it has fired, was missed or was cancelled. */
  nextReminderAt?: Maybe<Scalars['DateTime']['output']>;
  priority: TaskPriority;
  /** How the task repeats: an RFC 5545 RRULE value (FREQ=WEEKLY;BYDAY=MO); dueAt is the current occurrence. Null: no repeat. */
  recurrence?: Maybe<Scalars['String']['output']>;
  /** The repeat in English, at the due time in the caller's time zone: "every week on Monday at 9:00". */
  recurrenceText?: Maybe<Scalars['String']['output']>;
  /** The reminder as minutes before dueAt (0, 10, 30 or 60), as REST shows it; null for no reminder. */
  remindBefore?: Maybe<Scalars['Int']['output']>;
  /** When to remind, relative to dueAt; null for no reminder. */
  reminder?: Maybe<ReminderOffset>;
  /** The reminder's schedule and its state, if the task has or had one. */
  reminderSchedule?: Maybe<Reminder>;
  status: TaskStatus;
  title: Scalars['String']['output'];
  updatedAt: Scalars['DateTime']['output'];
};

/** A change to one of the caller's tasks, made through any interface on any instance. */
export type TaskChange = {
  __typename?: 'TaskChange';
  /** The event id (UUIDv7, ordered by time) */
  id: Scalars['ID']['output'];
  occurredAt: Scalars['DateTime']['output'];
  /** For OCCURRENCE_COMPLETED, and COMPLETED of a repeating task's last occurrence: the occurrence done. */
  occurrence?: Maybe<OccurrenceCompleted>;
  /** The task as this change left it. For DELETED the task no longer exists: createdAt and completedAt are then the time of the change. */
  task: Task;
  type: TaskChangeType;
};

export type TaskChangeType =
  | 'COMPLETED'
  | 'CREATED'
  | 'DELETED'
  | 'OCCURRENCE_COMPLETED'
  | 'REOPENED'
  | 'UPDATED';

export type TaskConnection = {
  __typename?: 'TaskConnection';
  edges: Array<TaskEdge>;
  pageInfo: PageInfo;
  /** Every task the filter matches, across all pages */
  totalCount: Scalars['Int']['output'];
};

export type TaskEdge = {
  __typename?: 'TaskEdge';
  cursor: Scalars['String']['output'];
  node: Task;
};

export type TaskFilter = {
  /** Due at or after this instant (undated tasks are left out) */
  dueAfter?: InputMaybe<Scalars['DateTime']['input']>;
  /** Due before this instant (undated tasks are left out) */
  dueBefore?: InputMaybe<Scalars['DateTime']['input']>;
  /** Case-insensitive text in the title or description */
  search?: InputMaybe<Scalars['String']['input']>;
  /** Absent: every status */
  status?: InputMaybe<TaskStatus>;
};

export type TaskOrder =
  /** Oldest first */
  | 'CREATED_AT_ASC'
  /** Newest first */
  | 'CREATED_AT_DESC'
  /** By due time, undated tasks last, then by id (default) */
  | 'DUE_AT_ASC';

export type TaskPriority =
  | 'HIGH'
  | 'LOW'
  | 'MEDIUM';

export type TaskStatus =
  | 'COMPLETED'
  | 'PENDING';

/** Fields left out stay as they are; `dueAt: null` clears the due time (and the reminder). */
export type UpdateTaskInput = {
  description?: InputMaybe<Scalars['String']['input']>;
  dueAt?: InputMaybe<Scalars['DateTime']['input']>;
  id: Scalars['ID']['input'];
  priority?: InputMaybe<TaskPriority>;
  /** An RRULE value; null stops the repeat. A changed dueAt restarts the series there; a changed dueAt or rule moves dueAt to the first occurrence at or after it. */
  recurrence?: InputMaybe<Scalars['String']['input']>;
  /**
   * The reminder in minutes (0, 10, 30 or 60), as REST takes it; not together with `reminder`
   * @deprecated Use `reminder`.
   */
  remindBefore?: InputMaybe<Scalars['Int']['input']>;
  /** null clears the reminder; needs a dueAt (given or stored) */
  reminder?: InputMaybe<ReminderOffset>;
  title?: InputMaybe<Scalars['String']['input']>;
};

/** Fields left out stay as they are. `enabled: true` re-enables an endpoint the service disabled. */
export type UpdateWebhookEndpointInput = {
  description?: InputMaybe<Scalars['String']['input']>;
  enabled?: InputMaybe<Scalars['Boolean']['input']>;
  events?: InputMaybe<Array<WebhookEventType>>;
  id: Scalars['ID']['input'];
  url?: InputMaybe<Scalars['String']['input']>;
};

/** The caller: the subject of the bearer token. */
export type Viewer = {
  __typename?: 'Viewer';
  id: Scalars['ID']['output'];
  /** IANA name; decides what "today" means */
  timeZone: Scalars['String']['output'];
};

/** One attempt to deliver an event to an endpoint, with where its delivery stands now. */
export type WebhookDeliveryAttempt = {
  __typename?: 'WebhookDeliveryAttempt';
  /** 1 for the first try */
  attempt: Scalars['Int']['output'];
  attemptedAt: Scalars['DateTime']['output'];
  deliveryId: Scalars['ID']['output'];
  deliveryState: WebhookDeliveryState;
  error?: Maybe<Scalars['String']['output']>;
  eventId: Scalars['String']['output'];
  latencyMs: Scalars['Int']['output'];
  /** When the delivery was to be tried again after this attempt; null when this attempt ended it */
  nextAttemptAt?: Maybe<Scalars['DateTime']['output']>;
  /** At most the first 64 KiB */
  responseBody?: Maybe<Scalars['String']['output']>;
  /** The receiver's HTTP status; null when no answer came */
  statusCode?: Maybe<Scalars['Int']['output']>;
  /** The event type as sent: "task.created", …, or "webhook.test" */
  type: Scalars['String']['output'];
};

export type WebhookDeliveryState =
  | 'DELIVERED'
  /** Every retry failed (a replay can still send it) */
  | 'FAILED'
  /** Not delivered yet; tried again at its next attempt */
  | 'PENDING';

/** One of the caller's webhook endpoints. Its secret is shown only by create and rotateSecret. `id` is REST's id. */
export type WebhookEndpoint = {
  __typename?: 'WebhookEndpoint';
  createdAt: Scalars['DateTime']['output'];
  description: Scalars['String']['output'];
  disabledAt?: Maybe<Scalars['DateTime']['output']>;
  /** Why the service disabled the endpoint (it answered 410 Gone, or failed for days); null otherwise */
  disabledReason?: Maybe<Scalars['String']['output']>;
  enabled: Scalars['Boolean']['output'];
  events: Array<WebhookEventType>;
  id: Scalars['ID']['output'];
  updatedAt: Scalars['DateTime']['output'];
  url: Scalars['String']['output'];
};

export type WebhookEndpointWithSecret = {
  __typename?: 'WebhookEndpointWithSecret';
  endpoint: WebhookEndpoint;
  /** `whsec_` + base64 of 32 random bytes; verify deliveries with it. Shown here only: keep it. */
  secret: Scalars['String']['output'];
};

/** An event type an endpoint can subscribe to; the payload's `type` is the wire name ("task.created"). */
export type WebhookEventType =
  /** A reminder fired */
  | 'REMINDER_DUE'
  | 'TASK_COMPLETED'
  | 'TASK_CREATED'
  | 'TASK_DELETED'
  /** One occurrence of a repeating task was completed and the task moved to the next (event's `occurrence`) */
  | 'TASK_OCCURRENCE_COMPLETED'
  | 'TASK_REOPENED'
  | 'TASK_UPDATED';

export type TaskFieldsFragment = { __typename?: 'Task', id: string, title: string, description: string, dueAt?: string | null, priority: TaskPriority, status: TaskStatus, reminder?: ReminderOffset | null, nextReminderAt?: string | null, remindBefore?: number | null, createdAt: string, updatedAt: string, completedAt?: string | null };

export type MeQueryVariables = Exact<{ [key: string]: never; }>;


export type MeQuery = { __typename?: 'Query', me: { __typename?: 'Viewer', id: string, timeZone: string } };

export type TaskQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type TaskQuery = { __typename?: 'Query', task?: { __typename?: 'Task', id: string, title: string, description: string, dueAt?: string | null, priority: TaskPriority, status: TaskStatus, reminder?: ReminderOffset | null, nextReminderAt?: string | null, remindBefore?: number | null, createdAt: string, updatedAt: string, completedAt?: string | null, reminderSchedule?: { __typename?: 'Reminder', offset: ReminderOffset, offsetMinutes: number, fireAt: string, state: ReminderState } | null } | null };

export type TasksQueryVariables = Exact<{
  filter?: InputMaybe<TaskFilter>;
  orderBy?: InputMaybe<TaskOrder>;
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type TasksQuery = { __typename?: 'Query', tasks: { __typename?: 'TaskConnection', totalCount: number, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, endCursor?: string | null }, edges: Array<{ __typename?: 'TaskEdge', cursor: string, node: { __typename?: 'Task', id: string, title: string, description: string, dueAt?: string | null, priority: TaskPriority, status: TaskStatus, reminder?: ReminderOffset | null, nextReminderAt?: string | null, remindBefore?: number | null, createdAt: string, updatedAt: string, completedAt?: string | null } }> } };

export type TasksWithRemindersQueryVariables = Exact<{
  first?: InputMaybe<Scalars['Int']['input']>;
}>;


export type TasksWithRemindersQuery = { __typename?: 'Query', tasks: { __typename?: 'TaskConnection', edges: Array<{ __typename?: 'TaskEdge', node: { __typename?: 'Task', id: string, title: string, reminder?: ReminderOffset | null, nextReminderAt?: string | null, reminderSchedule?: { __typename?: 'Reminder', offsetMinutes: number, fireAt: string, state: ReminderState } | null } }> } };

export type TasksWithNextReminderQueryVariables = Exact<{
  first?: InputMaybe<Scalars['Int']['input']>;
}>;


export type TasksWithNextReminderQuery = { __typename?: 'Query', tasks: { __typename?: 'TaskConnection', edges: Array<{ __typename?: 'TaskEdge', node: { __typename?: 'Task', id: string, nextReminderAt?: string | null } }> } };

export type TodayQueryVariables = Exact<{
  timeZone?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type TodayQuery = { __typename?: 'Query', today: { __typename?: 'TaskConnection', totalCount: number, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, endCursor?: string | null }, edges: Array<{ __typename?: 'TaskEdge', node: { __typename?: 'Task', id: string, title: string, dueAt?: string | null } }> } };

export type CreateTaskMutationVariables = Exact<{
  input: CreateTaskInput;
}>;


export type CreateTaskMutation = { __typename?: 'Mutation', createTask?: { __typename?: 'Task', id: string, title: string, description: string, dueAt?: string | null, priority: TaskPriority, status: TaskStatus, reminder?: ReminderOffset | null, nextReminderAt?: string | null, remindBefore?: number | null, createdAt: string, updatedAt: string, completedAt?: string | null } | null };

export type UpdateTaskMutationVariables = Exact<{
  input: UpdateTaskInput;
}>;


export type UpdateTaskMutation = { __typename?: 'Mutation', updateTask?: { __typename?: 'Task', id: string, title: string, description: string, dueAt?: string | null, priority: TaskPriority, status: TaskStatus, reminder?: ReminderOffset | null, nextReminderAt?: string | null, remindBefore?: number | null, createdAt: string, updatedAt: string, completedAt?: string | null } | null };

export type CompleteTaskMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type CompleteTaskMutation = { __typename?: 'Mutation', completeTask?: { __typename?: 'Task', id: string, title: string, description: string, dueAt?: string | null, priority: TaskPriority, status: TaskStatus, reminder?: ReminderOffset | null, nextReminderAt?: string | null, remindBefore?: number | null, createdAt: string, updatedAt: string, completedAt?: string | null } | null };

export type ReopenTaskMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type ReopenTaskMutation = { __typename?: 'Mutation', reopenTask?: { __typename?: 'Task', id: string, title: string, description: string, dueAt?: string | null, priority: TaskPriority, status: TaskStatus, reminder?: ReminderOffset | null, nextReminderAt?: string | null, remindBefore?: number | null, createdAt: string, updatedAt: string, completedAt?: string | null } | null };

export type DeleteTaskMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type DeleteTaskMutation = { __typename?: 'Mutation', deleteTask?: { __typename?: 'Task', id: string, title: string, description: string, dueAt?: string | null, priority: TaskPriority, status: TaskStatus, reminder?: ReminderOffset | null, nextReminderAt?: string | null, remindBefore?: number | null, createdAt: string, updatedAt: string, completedAt?: string | null } | null };

export type SetTimeZoneMutationVariables = Exact<{
  timeZone: Scalars['String']['input'];
}>;


export type SetTimeZoneMutation = { __typename?: 'Mutation', setTimeZone?: { __typename?: 'Viewer', id: string, timeZone: string } | null };

export type TaskChangedSubscriptionVariables = Exact<{
  after?: InputMaybe<Scalars['ID']['input']>;
}>;


export type TaskChangedSubscription = { __typename?: 'Subscription', taskChanged: { __typename?: 'TaskChange', id: string, type: TaskChangeType, occurredAt: string, task: { __typename?: 'Task', id: string, title: string, description: string, dueAt?: string | null, priority: TaskPriority, status: TaskStatus, reminder?: ReminderOffset | null, nextReminderAt?: string | null, remindBefore?: number | null, createdAt: string, updatedAt: string, completedAt?: string | null } } };

export type ReminderDueSubscriptionVariables = Exact<{
  after?: InputMaybe<Scalars['ID']['input']>;
}>;


export type ReminderDueSubscription = { __typename?: 'Subscription', reminderDue: { __typename?: 'ReminderDue', id: string, occurredAt: string, offset: ReminderOffset, plannedAt: string, firedAt: string, lateSeconds: number, late: boolean, task: { __typename?: 'Task', id: string, title: string, description: string, dueAt?: string | null, priority: TaskPriority, status: TaskStatus, reminder?: ReminderOffset | null, nextReminderAt?: string | null, remindBefore?: number | null, createdAt: string, updatedAt: string, completedAt?: string | null } } };

export type CaptureTaskMutationVariables = Exact<{
  input: CaptureTaskInput;
}>;


export type CaptureTaskMutation = { __typename?: 'Mutation', captureTask?: { __typename?: 'CaptureDraft', title: string, description: string, date?: string | null, time?: string | null, dueAt?: string | null, reminder?: ReminderOffset | null, remindBefore?: number | null, source: CaptureSource, transcript?: string | null, extractedText?: string | null, confidence: number } | null };

export type TaskChangedWithScheduleSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type TaskChangedWithScheduleSubscription = { __typename?: 'Subscription', taskChanged: { __typename?: 'TaskChange', type: TaskChangeType, task: { __typename?: 'Task', id: string, reminder?: ReminderOffset | null, nextReminderAt?: string | null, reminderSchedule?: { __typename?: 'Reminder', state: ReminderState, fireAt: string } | null } } };

export type WebhookEndpointFieldsFragment = { __typename?: 'WebhookEndpoint', id: string, url: string, events: Array<WebhookEventType>, description: string, enabled: boolean, disabledReason?: string | null, disabledAt?: string | null, createdAt: string, updatedAt: string };

export type WebhookEndpointsQueryVariables = Exact<{ [key: string]: never; }>;


export type WebhookEndpointsQuery = { __typename?: 'Query', webhookEndpoints: Array<{ __typename?: 'WebhookEndpoint', id: string, url: string, events: Array<WebhookEventType>, description: string, enabled: boolean, disabledReason?: string | null, disabledAt?: string | null, createdAt: string, updatedAt: string }> };

export type WebhookEndpointQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type WebhookEndpointQuery = { __typename?: 'Query', webhookEndpoint?: { __typename?: 'WebhookEndpoint', id: string, url: string, events: Array<WebhookEventType>, description: string, enabled: boolean, disabledReason?: string | null, disabledAt?: string | null, createdAt: string, updatedAt: string } | null };

export type WebhookDeliveriesQueryVariables = Exact<{
  endpointId: Scalars['ID']['input'];
  limit?: InputMaybe<Scalars['Int']['input']>;
}>;


export type WebhookDeliveriesQuery = { __typename?: 'Query', webhookDeliveries?: Array<{ __typename?: 'WebhookDeliveryAttempt', deliveryId: string, eventId: string, type: string, attempt: number, attemptedAt: string, statusCode?: number | null, latencyMs: number, error?: string | null, responseBody?: string | null, nextAttemptAt?: string | null, deliveryState: WebhookDeliveryState }> | null };

export type CreateWebhookEndpointMutationVariables = Exact<{
  input: CreateWebhookEndpointInput;
}>;


export type CreateWebhookEndpointMutation = { __typename?: 'Mutation', createWebhookEndpoint?: { __typename?: 'WebhookEndpointWithSecret', secret: string, endpoint: { __typename?: 'WebhookEndpoint', id: string, url: string, events: Array<WebhookEventType>, description: string, enabled: boolean, disabledReason?: string | null, disabledAt?: string | null, createdAt: string, updatedAt: string } } | null };

export type UpdateWebhookEndpointMutationVariables = Exact<{
  input: UpdateWebhookEndpointInput;
}>;


export type UpdateWebhookEndpointMutation = { __typename?: 'Mutation', updateWebhookEndpoint?: { __typename?: 'WebhookEndpoint', id: string, url: string, events: Array<WebhookEventType>, description: string, enabled: boolean, disabledReason?: string | null, disabledAt?: string | null, createdAt: string, updatedAt: string } | null };

export type DeleteWebhookEndpointMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type DeleteWebhookEndpointMutation = { __typename?: 'Mutation', deleteWebhookEndpoint?: { __typename?: 'WebhookEndpoint', id: string, url: string, events: Array<WebhookEventType>, description: string, enabled: boolean, disabledReason?: string | null, disabledAt?: string | null, createdAt: string, updatedAt: string } | null };

export type RotateWebhookSecretMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type RotateWebhookSecretMutation = { __typename?: 'Mutation', rotateWebhookSecret?: { __typename?: 'WebhookEndpointWithSecret', secret: string, endpoint: { __typename?: 'WebhookEndpoint', id: string, updatedAt: string } } | null };

export type SendTestWebhookMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type SendTestWebhookMutation = { __typename?: 'Mutation', sendTestWebhook?: { __typename?: 'QueuedWebhookDelivery', deliveryId: string, eventId: string } | null };

export type RetryWebhookDeliveryMutationVariables = Exact<{
  endpointId: Scalars['ID']['input'];
  deliveryId: Scalars['ID']['input'];
}>;


export type RetryWebhookDeliveryMutation = { __typename?: 'Mutation', retryWebhookDelivery?: { __typename?: 'QueuedWebhookDelivery', deliveryId: string, eventId: string } | null };

export type ExportAccountQueryVariables = Exact<{ [key: string]: never; }>;


export type ExportAccountQuery = { __typename?: 'Query', exportAccount?: unknown | null };

export type ImportAccountMutationVariables = Exact<{
  input: ImportAccountInput;
}>;


export type ImportAccountMutation = { __typename?: 'Mutation', importAccount?: { __typename?: 'ImportResult', created: number, skipped: number, rowsNotListed: number, timeZone: { __typename?: 'ImportTimeZone', document?: string | null, account: string, applied: boolean }, converted: { __typename?: 'ImportConverted', notes: number, sections: number, datePhrases: number }, dropped: { __typename?: 'ImportDropped', notes: number, sections: number, dates: number, duration: number, deadline: number, responsible: number, author: number, indent: number, completions: number, webhookEndpoints: number, pushSubscriptions: number, calendarFeed: number }, rows: Array<{ __typename?: 'ImportRowProblem', row: number, problem: string }> } | null };

export type SessionsQueryVariables = Exact<{ [key: string]: never; }>;


export type SessionsQuery = { __typename?: 'Query', sessions: Array<{ __typename?: 'Session', id: string, createdAt: string, lastUsedAt: string, userAgent?: string | null, current: boolean }> };

export type RevokeSessionMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type RevokeSessionMutation = { __typename?: 'Mutation', revokeSession: boolean };

export const TaskFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TaskFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Task"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"dueAt"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"reminder"}},{"kind":"Field","name":{"kind":"Name","value":"nextReminderAt"}},{"kind":"Field","name":{"kind":"Name","value":"remindBefore"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"completedAt"}}]}}]} as unknown as DocumentNode<TaskFieldsFragment, unknown>;
export const WebhookEndpointFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookEndpointFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookEndpoint"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"disabledReason"}},{"kind":"Field","name":{"kind":"Name","value":"disabledAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<WebhookEndpointFieldsFragment, unknown>;
export const MeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"timeZone"}}]}}]}}]} as unknown as DocumentNode<MeQuery, MeQueryVariables>;
export const TaskDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Task"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"task"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"TaskFields"}},{"kind":"Field","name":{"kind":"Name","value":"reminderSchedule"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"offset"}},{"kind":"Field","name":{"kind":"Name","value":"offsetMinutes"}},{"kind":"Field","name":{"kind":"Name","value":"fireAt"}},{"kind":"Field","name":{"kind":"Name","value":"state"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TaskFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Task"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"dueAt"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"reminder"}},{"kind":"Field","name":{"kind":"Name","value":"nextReminderAt"}},{"kind":"Field","name":{"kind":"Name","value":"remindBefore"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"completedAt"}}]}}]} as unknown as DocumentNode<TaskQuery, TaskQueryVariables>;
export const TasksDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Tasks"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"TaskFilter"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"orderBy"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"TaskOrder"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"tasks"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"orderBy"},"value":{"kind":"Variable","name":{"kind":"Name","value":"orderBy"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"TaskFields"}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TaskFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Task"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"dueAt"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"reminder"}},{"kind":"Field","name":{"kind":"Name","value":"nextReminderAt"}},{"kind":"Field","name":{"kind":"Name","value":"remindBefore"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"completedAt"}}]}}]} as unknown as DocumentNode<TasksQuery, TasksQueryVariables>;
export const TasksWithRemindersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TasksWithReminders"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"tasks"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"reminder"}},{"kind":"Field","name":{"kind":"Name","value":"nextReminderAt"}},{"kind":"Field","name":{"kind":"Name","value":"reminderSchedule"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"offsetMinutes"}},{"kind":"Field","name":{"kind":"Name","value":"fireAt"}},{"kind":"Field","name":{"kind":"Name","value":"state"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<TasksWithRemindersQuery, TasksWithRemindersQueryVariables>;
export const TasksWithNextReminderDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TasksWithNextReminder"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"tasks"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"nextReminderAt"}}]}}]}}]}}]}}]} as unknown as DocumentNode<TasksWithNextReminderQuery, TasksWithNextReminderQueryVariables>;
export const TodayDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Today"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"timeZone"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"today"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"timeZone"},"value":{"kind":"Variable","name":{"kind":"Name","value":"timeZone"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"dueAt"}}]}}]}}]}}]}}]} as unknown as DocumentNode<TodayQuery, TodayQueryVariables>;
export const CreateTaskDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateTask"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateTaskInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createTask"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"TaskFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TaskFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Task"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"dueAt"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"reminder"}},{"kind":"Field","name":{"kind":"Name","value":"nextReminderAt"}},{"kind":"Field","name":{"kind":"Name","value":"remindBefore"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"completedAt"}}]}}]} as unknown as DocumentNode<CreateTaskMutation, CreateTaskMutationVariables>;
export const UpdateTaskDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateTask"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateTaskInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateTask"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"TaskFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TaskFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Task"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"dueAt"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"reminder"}},{"kind":"Field","name":{"kind":"Name","value":"nextReminderAt"}},{"kind":"Field","name":{"kind":"Name","value":"remindBefore"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"completedAt"}}]}}]} as unknown as DocumentNode<UpdateTaskMutation, UpdateTaskMutationVariables>;
export const CompleteTaskDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CompleteTask"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"completeTask"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"TaskFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TaskFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Task"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"dueAt"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"reminder"}},{"kind":"Field","name":{"kind":"Name","value":"nextReminderAt"}},{"kind":"Field","name":{"kind":"Name","value":"remindBefore"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"completedAt"}}]}}]} as unknown as DocumentNode<CompleteTaskMutation, CompleteTaskMutationVariables>;
export const ReopenTaskDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ReopenTask"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reopenTask"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"TaskFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TaskFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Task"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"dueAt"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"reminder"}},{"kind":"Field","name":{"kind":"Name","value":"nextReminderAt"}},{"kind":"Field","name":{"kind":"Name","value":"remindBefore"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"completedAt"}}]}}]} as unknown as DocumentNode<ReopenTaskMutation, ReopenTaskMutationVariables>;
export const DeleteTaskDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteTask"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteTask"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"TaskFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TaskFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Task"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"dueAt"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"reminder"}},{"kind":"Field","name":{"kind":"Name","value":"nextReminderAt"}},{"kind":"Field","name":{"kind":"Name","value":"remindBefore"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"completedAt"}}]}}]} as unknown as DocumentNode<DeleteTaskMutation, DeleteTaskMutationVariables>;
export const SetTimeZoneDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SetTimeZone"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"timeZone"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setTimeZone"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"timeZone"},"value":{"kind":"Variable","name":{"kind":"Name","value":"timeZone"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"timeZone"}}]}}]}}]} as unknown as DocumentNode<SetTimeZoneMutation, SetTimeZoneMutationVariables>;
export const TaskChangedDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"TaskChanged"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"taskChanged"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"occurredAt"}},{"kind":"Field","name":{"kind":"Name","value":"task"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"TaskFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TaskFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Task"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"dueAt"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"reminder"}},{"kind":"Field","name":{"kind":"Name","value":"nextReminderAt"}},{"kind":"Field","name":{"kind":"Name","value":"remindBefore"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"completedAt"}}]}}]} as unknown as DocumentNode<TaskChangedSubscription, TaskChangedSubscriptionVariables>;
export const ReminderDueDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"ReminderDue"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reminderDue"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"occurredAt"}},{"kind":"Field","name":{"kind":"Name","value":"offset"}},{"kind":"Field","name":{"kind":"Name","value":"plannedAt"}},{"kind":"Field","name":{"kind":"Name","value":"firedAt"}},{"kind":"Field","name":{"kind":"Name","value":"lateSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"late"}},{"kind":"Field","name":{"kind":"Name","value":"task"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"TaskFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TaskFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Task"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"dueAt"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"reminder"}},{"kind":"Field","name":{"kind":"Name","value":"nextReminderAt"}},{"kind":"Field","name":{"kind":"Name","value":"remindBefore"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"completedAt"}}]}}]} as unknown as DocumentNode<ReminderDueSubscription, ReminderDueSubscriptionVariables>;
export const CaptureTaskDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CaptureTask"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CaptureTaskInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"captureTask"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"date"}},{"kind":"Field","name":{"kind":"Name","value":"time"}},{"kind":"Field","name":{"kind":"Name","value":"dueAt"}},{"kind":"Field","name":{"kind":"Name","value":"reminder"}},{"kind":"Field","name":{"kind":"Name","value":"remindBefore"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"transcript"}},{"kind":"Field","name":{"kind":"Name","value":"extractedText"}},{"kind":"Field","name":{"kind":"Name","value":"confidence"}}]}}]}}]} as unknown as DocumentNode<CaptureTaskMutation, CaptureTaskMutationVariables>;
export const TaskChangedWithScheduleDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"TaskChangedWithSchedule"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"taskChanged"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"task"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"reminder"}},{"kind":"Field","name":{"kind":"Name","value":"nextReminderAt"}},{"kind":"Field","name":{"kind":"Name","value":"reminderSchedule"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"fireAt"}}]}}]}}]}}]}}]} as unknown as DocumentNode<TaskChangedWithScheduleSubscription, TaskChangedWithScheduleSubscriptionVariables>;
export const WebhookEndpointsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"WebhookEndpoints"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhookEndpoints"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WebhookEndpointFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookEndpointFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookEndpoint"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"disabledReason"}},{"kind":"Field","name":{"kind":"Name","value":"disabledAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<WebhookEndpointsQuery, WebhookEndpointsQueryVariables>;
export const WebhookEndpointDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"WebhookEndpoint"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhookEndpoint"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WebhookEndpointFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookEndpointFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookEndpoint"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"disabledReason"}},{"kind":"Field","name":{"kind":"Name","value":"disabledAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<WebhookEndpointQuery, WebhookEndpointQueryVariables>;
export const WebhookDeliveriesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"WebhookDeliveries"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"endpointId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhookDeliveries"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"endpointId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"endpointId"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deliveryId"}},{"kind":"Field","name":{"kind":"Name","value":"eventId"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"attempt"}},{"kind":"Field","name":{"kind":"Name","value":"attemptedAt"}},{"kind":"Field","name":{"kind":"Name","value":"statusCode"}},{"kind":"Field","name":{"kind":"Name","value":"latencyMs"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"responseBody"}},{"kind":"Field","name":{"kind":"Name","value":"nextAttemptAt"}},{"kind":"Field","name":{"kind":"Name","value":"deliveryState"}}]}}]}}]} as unknown as DocumentNode<WebhookDeliveriesQuery, WebhookDeliveriesQueryVariables>;
export const CreateWebhookEndpointDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateWebhookEndpoint"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateWebhookEndpointInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createWebhookEndpoint"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"secret"}},{"kind":"Field","name":{"kind":"Name","value":"endpoint"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WebhookEndpointFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookEndpointFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookEndpoint"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"disabledReason"}},{"kind":"Field","name":{"kind":"Name","value":"disabledAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<CreateWebhookEndpointMutation, CreateWebhookEndpointMutationVariables>;
export const UpdateWebhookEndpointDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateWebhookEndpoint"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateWebhookEndpointInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateWebhookEndpoint"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WebhookEndpointFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookEndpointFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookEndpoint"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"disabledReason"}},{"kind":"Field","name":{"kind":"Name","value":"disabledAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<UpdateWebhookEndpointMutation, UpdateWebhookEndpointMutationVariables>;
export const DeleteWebhookEndpointDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteWebhookEndpoint"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteWebhookEndpoint"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WebhookEndpointFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookEndpointFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookEndpoint"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"disabledReason"}},{"kind":"Field","name":{"kind":"Name","value":"disabledAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<DeleteWebhookEndpointMutation, DeleteWebhookEndpointMutationVariables>;
export const RotateWebhookSecretDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RotateWebhookSecret"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rotateWebhookSecret"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"secret"}},{"kind":"Field","name":{"kind":"Name","value":"endpoint"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]}}]} as unknown as DocumentNode<RotateWebhookSecretMutation, RotateWebhookSecretMutationVariables>;
export const SendTestWebhookDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SendTestWebhook"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sendTestWebhook"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deliveryId"}},{"kind":"Field","name":{"kind":"Name","value":"eventId"}}]}}]}}]} as unknown as DocumentNode<SendTestWebhookMutation, SendTestWebhookMutationVariables>;
export const RetryWebhookDeliveryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RetryWebhookDelivery"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"endpointId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"deliveryId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retryWebhookDelivery"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"endpointId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"endpointId"}}},{"kind":"Argument","name":{"kind":"Name","value":"deliveryId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"deliveryId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deliveryId"}},{"kind":"Field","name":{"kind":"Name","value":"eventId"}}]}}]}}]} as unknown as DocumentNode<RetryWebhookDeliveryMutation, RetryWebhookDeliveryMutationVariables>;
export const ExportAccountDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ExportAccount"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"exportAccount"}}]}}]} as unknown as DocumentNode<ExportAccountQuery, ExportAccountQueryVariables>;
export const ImportAccountDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ImportAccount"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ImportAccountInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"importAccount"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"created"}},{"kind":"Field","name":{"kind":"Name","value":"skipped"}},{"kind":"Field","name":{"kind":"Name","value":"timeZone"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"document"}},{"kind":"Field","name":{"kind":"Name","value":"account"}},{"kind":"Field","name":{"kind":"Name","value":"applied"}}]}},{"kind":"Field","name":{"kind":"Name","value":"converted"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"sections"}},{"kind":"Field","name":{"kind":"Name","value":"datePhrases"}}]}},{"kind":"Field","name":{"kind":"Name","value":"dropped"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"sections"}},{"kind":"Field","name":{"kind":"Name","value":"dates"}},{"kind":"Field","name":{"kind":"Name","value":"duration"}},{"kind":"Field","name":{"kind":"Name","value":"deadline"}},{"kind":"Field","name":{"kind":"Name","value":"responsible"}},{"kind":"Field","name":{"kind":"Name","value":"author"}},{"kind":"Field","name":{"kind":"Name","value":"indent"}},{"kind":"Field","name":{"kind":"Name","value":"completions"}},{"kind":"Field","name":{"kind":"Name","value":"webhookEndpoints"}},{"kind":"Field","name":{"kind":"Name","value":"pushSubscriptions"}},{"kind":"Field","name":{"kind":"Name","value":"calendarFeed"}}]}},{"kind":"Field","name":{"kind":"Name","value":"rows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"row"}},{"kind":"Field","name":{"kind":"Name","value":"problem"}}]}},{"kind":"Field","name":{"kind":"Name","value":"rowsNotListed"}}]}}]}}]} as unknown as DocumentNode<ImportAccountMutation, ImportAccountMutationVariables>;
export const SessionsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Sessions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sessions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastUsedAt"}},{"kind":"Field","name":{"kind":"Name","value":"userAgent"}},{"kind":"Field","name":{"kind":"Name","value":"current"}}]}}]}}]} as unknown as DocumentNode<SessionsQuery, SessionsQueryVariables>;
export const RevokeSessionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RevokeSession"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"revokeSession"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<RevokeSessionMutation, RevokeSessionMutationVariables>;