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

/** A password a calendar app signs in to CalDAV with (as REST /me/app-passwords); never its secret. */
export type AppPassword = {
  __typename?: 'AppPassword';
  createdAt: Scalars['DateTime']['output'];
  id: Scalars['ID']['output'];
  /** The last CalDAV request it signed in (to the minute); null before its first use */
  lastUsedAt?: Maybe<Scalars['DateTime']['output']>;
  name: Scalars['String']['output'];
};

/** The caller's calendar subscription URL (iCalendar): secret, no bearer token needed to read it. */
export type CalendarFeed = {
  __typename?: 'CalendarFeed';
  /** GET it for VEVENTs, or with ?kind=todo for VTODOs */
  url: Scalars['String']['output'];
};

/** A task read from text, a voice note or a photo, for the user to review; nothing is stored. createTask takes its title, description, dueAt, recurrence, reminder, listId, labels and priority as they are. */
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
  /** `@label` marks, in the order written */
  labels: Array<Scalars['String']['output']>;
  /** The language the note was read in: `lang`, else the user's setting, else Accept-Language, else detected from the text (English when unsure) */
  language: Scalars['String']['output'];
  /** The list a `#Name` mark named; null for the Inbox */
  list?: Maybe<List>;
  /** The list a `#Name` mark named (one of the caller's lists they may add to, any letter case); null: the caller's Inbox */
  listId?: Maybe<Scalars['ID']['output']>;
  /** From a `p1`…`p4` (p1 URGENT, p4 LOW) or `!urgent`/`!high`/`!medium`/`!low` mark; LOW when there was none */
  priority: TaskPriority;
  /** The RRULE of a repeating phrase ("every monday" → FREQ=WEEKLY;BYDAY=MO); dueAt is the first occurrence */
  recurrence?: Maybe<Scalars['String']['output']>;
  /** The repeat in the capture language ("every week on Monday at 9:00", "jede Woche am Montag um 9:00") */
  recurrenceText?: Maybe<Scalars['String']['output']>;
  /** The same reminder in minutes, as REST shows it */
  remindBefore?: Maybe<Scalars['Int']['output']>;
  /** The reminder the text asked for, if any */
  reminder?: Maybe<ReminderOffset>;
  /** Every reminder the text asked for ("remind me at 8am and 10 min before"), as createTask takes them */
  reminders: Array<TaskReminder>;
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
  /** The note's language, a BCP 47 tag whose primary subtag is one of en, de, fr, es, pt, nl, it (else BAD_USER_INPUT); default: the caller's setting, then Accept-Language, then the text decides */
  lang?: InputMaybe<Scalars['String']['input']>;
  /** What the user typed or said, at most 4000 characters */
  text?: InputMaybe<Scalars['String']['input']>;
  /** IANA name the text is read in; default: the caller's stored zone, else UTC */
  timeZone?: InputMaybe<Scalars['String']['input']>;
  /** A voice note (webm, mp4/m4a, mpeg/mp3, wav or ogg, at most 25 MiB; needs an AI provider) or a photo of a note (png, jpeg or webp, at most 10 MiB). Which one it is is decided by its content. */
  upload?: InputMaybe<Scalars['File']['input']>;
};

export type CreateListInput = {
  /** #rrggbb, or null for none */
  color?: InputMaybe<Scalars['String']['input']>;
  /** 1 to 100 characters after trimming; unique among the caller's lists regardless of letter case */
  name: Scalars['String']['input'];
};

export type CreateTaskInput = {
  /** A member of the list to assign it to, or null */
  assigneeId?: InputMaybe<Scalars['ID']['input']>;
  /** At most 10 000 characters; default "" */
  description?: InputMaybe<Scalars['String']['input']>;
  dueAt?: InputMaybe<Scalars['DateTime']['input']>;
  /** At most 20, each 1 to 40 characters, without #, @ or commas */
  labels?: InputMaybe<Array<Scalars['String']['input']>>;
  /** The list to create it in (one the caller may add to); absent or null: the caller's Inbox */
  listId?: InputMaybe<Scalars['ID']['input']>;
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
  /** Up to 5 reminders: each exactly one of `before` (needs dueAt) or `at`; not together with `reminder`/`remindBefore` */
  reminders?: InputMaybe<Array<ReminderInput>>;
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

/** One delivery of one of the caller's reminders on one channel (for push: to one browser), like REST GET /me/deliveries. */
export type Delivery = {
  __typename?: 'Delivery';
  channel: DeliveryChannel;
  createdAt: Scalars['DateTime']['output'];
  dueAt?: Maybe<Scalars['DateTime']['output']>;
  error?: Maybe<Scalars['String']['output']>;
  outcome: DeliveryOutcome;
  /** Why it went by email although email is off (the push fallback) */
  reason?: Maybe<Scalars['String']['output']>;
  sentAt?: Maybe<Scalars['DateTime']['output']>;
  taskId?: Maybe<Scalars['ID']['output']>;
};

export type DeliveryChannel =
  | 'EMAIL'
  | 'PUSH';

export type DeliveryOutcome =
  | 'DELIVERED'
  | 'FAILED'
  | 'PENDING';

/** A daily mail with the day's queue (overdue and today), at a local hour. */
export type DigestSettings = {
  __typename?: 'DigestSettings';
  /** Default false */
  enabled: Scalars['Boolean']['output'];
  /** 0-23, in the caller's time zone; default 7 */
  hour: Scalars['Int']['output'];
};

export type DigestSettingsInput = {
  enabled?: InputMaybe<Scalars['Boolean']['input']>;
  /** 0-23 */
  hour?: InputMaybe<Scalars['Int']['input']>;
};

/** Exactly one of: an export document inline, a Todoist CSV export inline, or either as an uploaded file. A request body is at most 64 KiB; a larger import is sent as `file` (GraphQL multipart request, at most 10 MiB). */
export type ImportAccountInput = {
  /** A tickler.export/1 document (exportAccount, GET /me/export) */
  document?: InputMaybe<Scalars['JSON']['input']>;
  /** An export document (Content-Type application/json or a .json name) or a Todoist CSV export (text/csv or .csv), UTF-8 */
  file?: InputMaybe<Scalars['File']['input']>;
  /** A Todoist CSV only (BAD_USER_INPUT with an export document): the list its tasks go into, the caller's own of that name in any letter case, else a new one. Default: the uploaded file's name without .csv, else "Todoist import" */
  list?: InputMaybe<Scalars['String']['input']>;
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
  /** Todoist sections whose name heads their tasks' descriptions as `Todoist section: …` (the file's tasks go into one list) */
  sections: Scalars['Int']['output'];
};

/** What the file held that was left out, per kind. */
export type ImportDropped = {
  __typename?: 'ImportDropped';
  /** An export's task assignees: the imported tasks are unassigned (their lists' members are not re-invited) */
  assignees: Scalars['Int']['output'];
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
  /** Other members of an export's lists (counted once per list): they are not re-invited; invite them again */
  members: Scalars['Int']['output'];
  /** Todoist notes with no task above them, or that did not fit in the description */
  notes: Scalars['Int']['output'];
  /** An export's push subscriptions (their keys are not in it: turn reminders on again on each device) */
  pushSubscriptions: Scalars['Int']['output'];
  /** Todoist RESPONSIBLE assignees (the people of a Todoist project are not members of the imported list) */
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
  /** The lists the file's tasks went into */
  lists: ImportedLists;
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

/** The lists an import's tasks went into, by name. Members of an export's lists are not re-invited (counted in dropped.members). */
export type ImportedLists = {
  __typename?: 'ImportedLists';
  /** Lists this import made (the caller owns them, alone) */
  created: Array<Scalars['String']['output']>;
  /** The caller's own lists the file's lists matched by name (any letter case); the Inbox for the exporter's Inbox */
  existing: Array<Scalars['String']['output']>;
};

/** An invitation to a list: a link good for one person for 7 days. */
export type Invitation = {
  __typename?: 'Invitation';
  createdAt: Scalars['DateTime']['output'];
  createdBy: Person;
  expiresAt: Scalars['DateTime']['output'];
  id: Scalars['ID']['output'];
  role: ListRole;
  /** <PUBLIC_URL>/join#<token>: only in the answer of createInvitation (only a hash of the token is kept) */
  url?: Maybe<Scalars['String']['output']>;
};

/** What an invitation link leads to, read without using it (the join screen). */
export type InvitationPreview = {
  __typename?: 'InvitationPreview';
  /** The caller is in the list already: joining changes nothing */
  alreadyMember: Scalars['Boolean']['output'];
  expiresAt: Scalars['DateTime']['output'];
  /** Who made the link */
  inviter: Person;
  /** #rrggbb, or null */
  listColor?: Maybe<Scalars['String']['output']>;
  listId: Scalars['ID']['output'];
  listName: Scalars['String']['output'];
  /** The role joining gives */
  role: ListRole;
};

/** A label on tasks of the caller’s lists, with how many tasks (pending or completed) carry it. */
export type Label = {
  __typename?: 'Label';
  count: Scalars['Int']['output'];
  label: Scalars['String']['output'];
};

/** A list of tasks the caller is a member of: their Inbox, another of their own, or one shared with them. */
export type List = {
  __typename?: 'List';
  /** #rrggbb, or null */
  color?: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  /** The caller's Inbox: cannot be deleted or shared */
  inbox: Scalars['Boolean']['output'];
  /** Pending invitations (unused, unexpired), oldest first: for the owner, and editors when members may invite; FORBIDDEN for other members. */
  invitations?: Maybe<Array<Invitation>>;
  memberCount: Scalars['Int']['output'];
  /** Every member with their role (the owner included), in the order they joined. */
  members: Array<Member>;
  /** Whether editors may invite too (owners always may) */
  membersCanInvite: Scalars['Boolean']['output'];
  name: Scalars['String']['output'];
  /** Its pending tasks */
  openCount: Scalars['Int']['output'];
  /** The caller's role in the list */
  role: ListRole;
  /** The list's tasks, 50 per page unless `first` says otherwise (at most 200), as `tasks(filter: {list})` pages them. */
  tasks: TaskConnection;
};


/** A list of tasks the caller is a member of: their Inbox, another of their own, or one shared with them. */
export type ListTasksArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<ListTaskFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<TaskOrder>;
};

/** A change to one of the caller's lists itself: renamed or recolored, a member joined, left or changed role, or the list deleted. */
export type ListChange = {
  __typename?: 'ListChange';
  /** Who made the change; null for the service's own doing (a list passed on when its owner deleted their account) */
  actor?: Maybe<Person>;
  /** The event id (UUIDv7, ordered by time) */
  id: Scalars['ID']['output'];
  /** The list as the caller sees it now; null once they are no longer in it or it was deleted */
  list?: Maybe<List>;
  listId: Scalars['ID']['output'];
  /** For membership changes */
  member?: Maybe<ListChangeMember>;
  /** The list's name as the change left it */
  name: Scalars['String']['output'];
  occurredAt: Scalars['DateTime']['output'];
  type: ListChangeType;
  /** The transport the change came through when it is named: "caldav" for a calendar app (CalDAV); null for REST, GraphQL, the service and older changes */
  via?: Maybe<Scalars['String']['output']>;
};

/** Whose membership changed, and their role after it. */
export type ListChangeMember = {
  __typename?: 'ListChangeMember';
  /** null once they left or were removed */
  role?: Maybe<ListRole>;
  user: Person;
};

export type ListChangeType =
  | 'DELETED'
  | 'MEMBER_JOINED'
  | 'MEMBER_LEFT'
  | 'MEMBER_ROLE_CHANGED'
  | 'UPDATED';

export type ListRole =
  | 'EDITOR'
  | 'OWNER'
  | 'VIEWER';

/** TaskFilter without `list`: a list's own tasks are filtered. */
export type ListTaskFilter = {
  /** Only tasks assigned to this user id, or to the caller with "me" */
  assignee?: InputMaybe<Scalars['String']['input']>;
  /** Due at or after this instant (undated tasks are left out) */
  dueAfter?: InputMaybe<Scalars['DateTime']['input']>;
  /** Due before this instant (undated tasks are left out) */
  dueBefore?: InputMaybe<Scalars['DateTime']['input']>;
  /** Only tasks carrying this label (any letter case) */
  label?: InputMaybe<Scalars['String']['input']>;
  /** Only tasks of this priority */
  priority?: InputMaybe<TaskPriority>;
  /** Case-insensitive text in the title or description */
  search?: InputMaybe<Scalars['String']['input']>;
  /** Absent: every status */
  status?: InputMaybe<TaskStatus>;
};

/** A member of a list, as every member sees them. */
export type Member = {
  __typename?: 'Member';
  /** Their display name, or their user id when they have none */
  displayName: Scalars['String']['output'];
  joinedAt: Scalars['DateTime']['output'];
  role: ListRole;
  userId: Scalars['ID']['output'];
};

export type Mutation = {
  __typename?: 'Mutation';
  /** Joins the list of an invitation (the token is the part of the link after #). Unknown, used, expired and revoked tokens are BAD_USER_INPUT with one message. A member already gets the list, and the invitation stays unused. */
  acceptInvitation?: Maybe<List>;
  /** Turns text, a voice note or a photo into a task draft for review, like REST POST /capture; stores nothing. Errors: BAD_USER_INPUT (empty or malformed input, unknown time zone, a language capture does not read), PAYLOAD_TOO_LARGE, UNSUPPORTED_MEDIA_TYPE, UNPROCESSABLE_CONTENT (voice without an AI provider, a failed transcription, nothing readable in the file); `extensions.reason` carries the capture error code. */
  captureTask?: Maybe<CaptureDraft>;
  /** Pending becomes completed; completing a completed task changes nothing. A repeating task records the occurrence and moves to the next one (completed for good after the last). */
  completeTask?: Maybe<Task>;
  /** Makes an app password for a calendar app (as REST POST /me/app-passwords). BAD_USER_INPUT for an empty or over-long name, CONFLICT past 25. */
  createAppPassword?: Maybe<NewAppPassword>;
  /** Turns the calendar feed on, or rotates its URL: the previous URL stops working at once. */
  createCalendarFeed: CalendarFeed;
  /** Invites someone to a list as EDITOR or VIEWER (as REST POST /lists/{id}/invitations): owners, and editors when members may invite. The answer carries the link, once. The Inbox cannot be shared (CONFLICT). */
  createInvitation?: Maybe<Invitation>;
  /** Makes a list the caller owns. CONFLICT for a name they already use or past 500 lists. */
  createList?: Maybe<List>;
  createTask?: Maybe<Task>;
  /** Registers an endpoint; the answer carries its signing secret, which is not shown again. */
  createWebhookEndpoint?: Maybe<WebhookEndpointWithSecret>;
  /** Deletes the caller's account and everything of it (tasks, events, webhooks, push subscriptions, calendar feed, sessions); always true. The caller's tokens issued until now are refused from then on; a token issued later starts an empty account. */
  deleteAccount: Scalars['Boolean']['output'];
  /** Turns the calendar feed off; false when it was already off. */
  deleteCalendarFeed: Scalars['Boolean']['output'];
  /** Deletes a list and its tasks (owner only; each task's deletion reaches every member). The Inbox cannot be deleted (CONFLICT). */
  deleteList?: Maybe<Scalars['Boolean']['output']>;
  /** Deletes the subscription with its pending messages and log; returns its last state. */
  deletePushSubscription?: Maybe<PushSubscription>;
  /** Deletes the task for good and returns its last state. */
  deleteTask?: Maybe<Task>;
  /** Deletes the endpoint with its pending deliveries and delivery log; returns its last state. */
  deleteWebhookEndpoint?: Maybe<WebhookEndpoint>;
  /** Creates the tasks of an export document (with its lists, by name; members are not re-invited) or a Todoist CSV export (into one list), like REST POST /me/import: the same rules and limits, all or nothing, and idempotent (importing the same file again creates nothing). Errors: BAD_USER_INPUT (not exactly one source, not an export, an invalid task: nothing is created), PAYLOAD_TOO_LARGE, UNSUPPORTED_MEDIA_TYPE (a file that is neither JSON nor CSV). */
  importAccount?: Maybe<ImportResult>;
  /** Registers a browser for reminders; the same endpoint again updates its keys and keeps its id. */
  registerPushSubscription?: Maybe<PushSubscription>;
  /** Removes a member (owner), or leaves the list (userId = the caller). Their access ends at once and their tasks there become unassigned. The owner cannot leave (CONFLICT: hand the list over first). */
  removeMember?: Maybe<Scalars['Boolean']['output']>;
  /** Completed becomes pending; reopening a pending task changes nothing. */
  reopenTask?: Maybe<Task>;
  /** Sends a delivery again now, delivered or failed alike: the same webhook-id and body, a fresh signature. If it fails, the rest of its retry schedule applies. */
  retryWebhookDelivery?: Maybe<QueuedWebhookDelivery>;
  /** Revokes an app password at once (as REST DELETE /me/app-passwords/{id}); NOT_FOUND for one that is not the caller’s. */
  revokeAppPassword: Scalars['Boolean']['output'];
  /** Revokes a pending invitation of the list: its link stops working at once. NOT_FOUND for one used, expired or not the list’s. */
  revokeInvitation?: Maybe<Scalars['Boolean']['output']>;
  /** Signs one of the caller's sessions out (this one too): its refresh token fails at once, its access tokens within a few seconds. true when it was active, false when it had already ended; NOT_FOUND for an id that is not the caller's. */
  revokeSession: Scalars['Boolean']['output'];
  /** Gives the endpoint a new secret (shown this once). For 24 hours deliveries also carry a signature made with the old one, so the receiver can switch without rejecting any. */
  rotateWebhookSecret?: Maybe<WebhookEndpointWithSecret>;
  /** Queues a test notification to the subscription; sent at once, retried and logged like a reminder. */
  sendTestPush?: Maybe<QueuedPush>;
  /** Queues a webhook.test event to the endpoint; sent at once, retried and logged like any delivery. */
  sendTestWebhook?: Maybe<QueuedWebhookDelivery>;
  /** Changes a member's role (owner only). OWNER hands the list over: the old owner becomes an editor (CONFLICT when the new owner already has a list of that name). */
  setMemberRole?: Maybe<Member>;
  /** Sets the caller's time zone; IANA names only ("Europe/Paris"), stored in canonical form. */
  setTimeZone?: Maybe<Viewer>;
  /** Makes the task's reminder fire again `minutes` (5 to 1440) from now, or `until` an instant (in the future, at most 7 days ahead): exactly one of the two. dueAt does not change; a nagging reminder stops; reminderSchedule shows it (snoozedUntil). CONFLICT for a completed task. */
  snoozeReminder?: Maybe<Task>;
  /** Renames (owner), recolors (owner or editor) or lets editors invite (owner); FORBIDDEN when the role falls short. */
  updateList?: Maybe<List>;
  /** Changes the caller's settings, like REST PATCH /me. Errors: BAD_USER_INPUT for an empty or over-long display name, an unknown time zone, a language capture does not read or a malformed address (nothing is changed). */
  updateMe?: Maybe<Viewer>;
  /** Changes the channels and the digest, like REST PATCH /me/notifications. BAD_USER_INPUT for an hour outside 0-23 (nothing is changed). */
  updateNotificationSettings: NotificationSettings;
  updateTask?: Maybe<Task>;
  updateWebhookEndpoint?: Maybe<WebhookEndpoint>;
};


export type MutationAcceptInvitationArgs = {
  token: Scalars['String']['input'];
};


export type MutationCaptureTaskArgs = {
  input: CaptureTaskInput;
};


export type MutationCompleteTaskArgs = {
  id: Scalars['ID']['input'];
};


export type MutationCreateAppPasswordArgs = {
  name: Scalars['String']['input'];
};


export type MutationCreateInvitationArgs = {
  listId: Scalars['ID']['input'];
  role: ListRole;
};


export type MutationCreateListArgs = {
  input: CreateListInput;
};


export type MutationCreateTaskArgs = {
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  input: CreateTaskInput;
};


export type MutationCreateWebhookEndpointArgs = {
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  input: CreateWebhookEndpointInput;
};


export type MutationDeleteListArgs = {
  id: Scalars['ID']['input'];
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


export type MutationRemoveMemberArgs = {
  listId: Scalars['ID']['input'];
  userId: Scalars['ID']['input'];
};


export type MutationReopenTaskArgs = {
  id: Scalars['ID']['input'];
};


export type MutationRetryWebhookDeliveryArgs = {
  deliveryId: Scalars['ID']['input'];
  endpointId: Scalars['ID']['input'];
};


export type MutationRevokeAppPasswordArgs = {
  id: Scalars['ID']['input'];
};


export type MutationRevokeInvitationArgs = {
  id: Scalars['ID']['input'];
  listId: Scalars['ID']['input'];
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


export type MutationSetMemberRoleArgs = {
  listId: Scalars['ID']['input'];
  role: ListRole;
  userId: Scalars['ID']['input'];
};


export type MutationSetTimeZoneArgs = {
  timeZone: Scalars['String']['input'];
};


export type MutationSnoozeReminderArgs = {
  minutes?: InputMaybe<Scalars['Int']['input']>;
  taskId: Scalars['ID']['input'];
  until?: InputMaybe<Scalars['DateTime']['input']>;
};


export type MutationUpdateListArgs = {
  input: UpdateListInput;
};


export type MutationUpdateMeArgs = {
  input: UpdateMeInput;
};


export type MutationUpdateNotificationSettingsArgs = {
  input: NotificationSettingsInput;
};


export type MutationUpdateTaskArgs = {
  input: UpdateTaskInput;
};


export type MutationUpdateWebhookEndpointArgs = {
  input: UpdateWebhookEndpointInput;
};

/** Rings again every `every` minutes, at most `times` more times, until the task is completed or snoozed. */
export type Nag = {
  __typename?: 'Nag';
  every: Scalars['Int']['output'];
  times: Scalars['Int']['output'];
};

export type NagInput = {
  /** Minutes between rings, 5 to 240 */
  every: Scalars['Int']['input'];
  /** How many more rings at most, 1 to 12 */
  times: Scalars['Int']['input'];
};

/** A new app password with its secret, answered this once. */
export type NewAppPassword = {
  __typename?: 'NewAppPassword';
  createdAt: Scalars['DateTime']['output'];
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  /** The password of HTTP Basic on /dav/, with the user id as the user name; shown this once */
  password: Scalars['String']['output'];
};

/** Which channels reminders go by, like REST GET /me/notifications. */
export type NotificationSettings = {
  __typename?: 'NotificationSettings';
  digest: DigestSettings;
  /** Reminders are mailed to the confirmed address too (default false). Off, mail is the fallback when push failed or has no live subscription. */
  email: Scalars['Boolean']['output'];
  /** Reminders are pushed to the caller's browsers (default true) */
  push: Scalars['Boolean']['output'];
};

/** Fields left out stay as they are. */
export type NotificationSettingsInput = {
  digest?: InputMaybe<DigestSettingsInput>;
  email?: InputMaybe<Scalars['Boolean']['input']>;
  push?: InputMaybe<Scalars['Boolean']['input']>;
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

/** A user as the people they share lists with see them. */
export type Person = {
  __typename?: 'Person';
  /** Their display name, or their user id when they have none */
  displayName: Scalars['String']['output'];
  id: Scalars['ID']['output'];
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
  /** The caller's app passwords, as REST GET /me/app-passwords. */
  appPasswords: Array<AppPassword>;
  /** Every delivery of the caller's reminders, on every channel, newest first. */
  deliveries: Array<Delivery>;
  /** The caller's whole account as GET /me/export answers it (format tickler.export/1): settings, tasks with reminders, rules and completed occurrences, webhook endpoints without secrets, push subscriptions without keys. A GraphQL answer is not streamed, so an export over 10 MiB is refused with PAYLOAD_TOO_LARGE (reason account/export_too_large): read a large account with REST GET /me/export, which streams any size. */
  exportAccount?: Maybe<Scalars['JSON']['output']>;
  /** The list an invitation link leads to and who made it, without using the link (the token is the part after #). Unknown, used, expired and revoked tokens are BAD_USER_INPUT with the one message acceptInvitation gives. */
  invitation?: Maybe<InvitationPreview>;
  /** Every label on the tasks of the caller’s lists, with counts, by label (as REST GET /labels). */
  labels: Array<Label>;
  /** One list the caller is a member of; NOT_FOUND for any other. */
  list?: Maybe<List>;
  /** Every list the caller is a member of (their own and shared ones): the Inbox first, then by name. */
  lists: Array<List>;
  me: Viewer;
  notificationSettings: NotificationSettings;
  /** The service's VAPID public key (base64url): PushManager.subscribe()'s applicationServerKey. */
  pushPublicKey: Scalars['String']['output'];
  /** The caller's push subscriptions, oldest first (at most 20). */
  pushSubscriptions: Array<PushSubscription>;
  /** The caller's active sessions, most recently used first (at most 100). */
  sessions: Array<Session>;
  /** A task of one of the caller's lists by its id; NOT_FOUND for an unknown id or any other task. */
  task?: Maybe<Task>;
  /** The tasks of every list the caller is a member of, 50 per page unless `first` says otherwise (at most 200). */
  tasks: TaskConnection;
  /** The daily queue: pending tasks of the caller's lists overdue or due today in the caller's time zone (or `timeZone`), by due time, then priority (most urgent first), undated tasks after (by priority). */
  today: TaskConnection;
  /** The most recent delivery attempts to one of the caller's endpoints, newest first. */
  webhookDeliveries?: Maybe<Array<WebhookDeliveryAttempt>>;
  /** One of the caller's endpoints; NOT_FOUND for an unknown id or another user's endpoint. */
  webhookEndpoint?: Maybe<WebhookEndpoint>;
  /** The caller's webhook endpoints, oldest first (at most 25). */
  webhookEndpoints: Array<WebhookEndpoint>;
};


export type QueryDeliveriesArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryInvitationArgs = {
  token: Scalars['String']['input'];
};


export type QueryListArgs = {
  id: Scalars['ID']['input'];
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

/** The schedule of one of a task's reminders. */
export type Reminder = {
  __typename?: 'Reminder';
  /** When it fires (or fired): dueAt minus the offset */
  fireAt: Scalars['DateTime']['output'];
  firedAt?: Maybe<Scalars['DateTime']['output']>;
  kind: ReminderKind;
  /** How many times it has rung again (nag) since it first fired */
  nagRung: Scalars['Int']['output'];
  /** The offset as a quick choice; null for an AT reminder or an offset that is not one (see offsetMinutes) */
  offset?: Maybe<ReminderOffset>;
  /** Minutes before dueAt (0 for an AT reminder) */
  offsetMinutes: Scalars['Int']['output'];
  /** Its place in the task's reminders list */
  slot: Scalars['Int']['output'];
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
  /** The offset as a quick choice; null for an AT reminder or an offset that is not one (offsetMinutes) */
  offset?: Maybe<ReminderOffset>;
  /** Minutes before dueAt (0 for an AT reminder) */
  offsetMinutes: Scalars['Int']['output'];
  /** When it was planned to fire: dueAt minus the offset, or when it was scheduled if that had passed */
  plannedAt: Scalars['DateTime']['output'];
  /** 0 for its first ring; n for the nth ring again of a nagging reminder */
  ring: Scalars['Int']['output'];
  /** Which of the task's reminders (its place in Task.reminders) */
  slot: Scalars['Int']['output'];
  /** The task as it was when the reminder fired */
  task: Task;
};

/** Exactly one of `before` and `at`. */
export type ReminderInput = {
  /** An instant; needs no dueAt */
  at?: InputMaybe<Scalars['DateTime']['input']>;
  /** Minutes before dueAt, 0 to 40320; needs a dueAt */
  before?: InputMaybe<Scalars['Int']['input']>;
  /** Ring again until done */
  nag?: InputMaybe<NagInput>;
};

export type ReminderKind =
  /** At an instant */
  | 'AT'
  /** Relative to the task's due time */
  | 'BEFORE';

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
  /** Every change to the caller's lists themselves from now on (or after `after`): renamed, a member joined, left or changed role, deleted. A member who is removed hears of that last, then nothing more of the list. */
  listChanged: ListChange;
  /** Every reminder of the caller's that fires from now on (or after `after`), in order, each once. */
  reminderDue: ReminderDue;
  /** Every change to the tasks of the caller's lists from now on (or after `after`): created, updated, completed (or one occurrence of a repeating task completed), reopened, deleted; in the order they were committed, each once. */
  taskChanged: TaskChange;
};


export type SubscriptionListChangedArgs = {
  after?: InputMaybe<Scalars['ID']['input']>;
};


export type SubscriptionReminderDueArgs = {
  after?: InputMaybe<Scalars['ID']['input']>;
};


export type SubscriptionTaskChangedArgs = {
  after?: InputMaybe<Scalars['ID']['input']>;
};

/** A task of one of the caller's lists. `id` is the same integer id as in REST. */
export type Task = {
  __typename?: 'Task';
  /** The member of its list the task is assigned to; null for nobody */
  assignee?: Maybe<Person>;
  completedAt?: Maybe<Scalars['DateTime']['output']>;
  createdAt: Scalars['DateTime']['output'];
  /** Who created the task */
  createdBy: Person;
  description: Scalars['String']['output'];
  dueAt?: Maybe<Scalars['DateTime']['output']>;
  id: Scalars['ID']['output'];
  /** Its labels, in the order first written */
  labels: Array<Scalars['String']['output']>;
  /** The list the task is in; null when the caller is no longer a member of it (a change they heard of before leaving) */
  list?: Maybe<List>;
  /** The list the task is in */
  listId: Scalars['ID']['output'];
  /** When one of its reminders is scheduled to fire next (the soonest): dueAt minus the offset, an instant, a snooze or a nag, or sooner if that had already passed when it was scheduled. Null when none is scheduled. */
  nextReminderAt?: Maybe<Scalars['DateTime']['output']>;
  priority: TaskPriority;
  /** How the task repeats: an RFC 5545 RRULE value (FREQ=WEEKLY;BYDAY=MO); dueAt is the current occurrence. Null: no repeat. */
  recurrence?: Maybe<Scalars['String']['output']>;
  /** The repeat in English, at the due time in the caller's time zone: "every week on Monday at 9:00". */
  recurrenceText?: Maybe<Scalars['String']['output']>;
  /** The first relative reminder as minutes before dueAt, as REST shows it; null for none. */
  remindBefore?: Maybe<Scalars['Int']['output']>;
  /** The first relative reminder, relative to dueAt; null for none, or when its offset is not one of the quick choices (`reminders` has every reminder). */
  reminder?: Maybe<ReminderOffset>;
  /** The schedule that stands for the task's reminders (the next to fire, else the last fired), if it has or had one. */
  reminderSchedule?: Maybe<Reminder>;
  /** The schedule of each reminder slot, in slot order. */
  reminderSchedules: Array<Reminder>;
  /** Every reminder of the task, in order (at most 5): minutes before dueAt, or an instant; each may nag. */
  reminders: Array<TaskReminder>;
  status: TaskStatus;
  title: Scalars['String']['output'];
  updatedAt: Scalars['DateTime']['output'];
};

/** A change to a task of one of the caller's lists, made by any member through any interface on any instance. */
export type TaskChange = {
  __typename?: 'TaskChange';
  /** Who made the change (any member of the list, through any interface); null for changes recorded before lists existed */
  actor?: Maybe<Person>;
  /** The event id (UUIDv7, ordered by time) */
  id: Scalars['ID']['output'];
  occurredAt: Scalars['DateTime']['output'];
  /** For OCCURRENCE_COMPLETED, and COMPLETED of a repeating task's last occurrence: the occurrence done. */
  occurrence?: Maybe<OccurrenceCompleted>;
  /** The task as this change left it. For DELETED the task no longer exists: createdAt and completedAt are then the time of the change. */
  task: Task;
  type: TaskChangeType;
  /** The transport the change came through when it is named: "caldav" for a calendar app (CalDAV); null for REST, GraphQL, the service and older changes */
  via?: Maybe<Scalars['String']['output']>;
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
  /** Only tasks assigned to this user id, or to the caller with "me" */
  assignee?: InputMaybe<Scalars['String']['input']>;
  /** Due at or after this instant (undated tasks are left out) */
  dueAfter?: InputMaybe<Scalars['DateTime']['input']>;
  /** Due before this instant (undated tasks are left out) */
  dueBefore?: InputMaybe<Scalars['DateTime']['input']>;
  /** Only tasks carrying this label (any letter case) */
  label?: InputMaybe<Scalars['String']['input']>;
  /** Only this list's tasks (one the caller is in; NOT_FOUND otherwise) */
  list?: InputMaybe<Scalars['ID']['input']>;
  /** Only tasks of this priority */
  priority?: InputMaybe<TaskPriority>;
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
  | 'MEDIUM'
  | 'URGENT';

/** One of a task's reminders: `before` minutes before its dueAt, or `at` an instant (exactly one is set). */
export type TaskReminder = {
  __typename?: 'TaskReminder';
  at?: Maybe<Scalars['DateTime']['output']>;
  before?: Maybe<Scalars['Int']['output']>;
  nag?: Maybe<Nag>;
};

export type TaskStatus =
  | 'COMPLETED'
  | 'PENDING';

/** Fields left out stay as they are. */
export type UpdateListInput = {
  /** Owners and editors; null clears it */
  color?: InputMaybe<Scalars['String']['input']>;
  id: Scalars['ID']['input'];
  /** Owners only: whether editors may invite too */
  membersCanInvite?: InputMaybe<Scalars['Boolean']['input']>;
  /** Owners only */
  name?: InputMaybe<Scalars['String']['input']>;
};

/** Fields left out stay as they are. */
export type UpdateMeInput = {
  /** 1 to 100 characters after trimming: how the people the caller shares lists with see them */
  displayName?: InputMaybe<Scalars['String']['input']>;
  /** An email address: stored unconfirmed and mailed a single-use confirmation link; null removes it. NOT_FOUND (email/unavailable) without SMTP_URL. */
  email?: InputMaybe<Scalars['String']['input']>;
  /** A BCP 47 language tag whose primary subtag is one of en, de, fr, es, pt, nl, it ("pt-BR" is stored as "pt"); null clears it */
  language?: InputMaybe<Scalars['String']['input']>;
  /** An IANA time zone name such as "Europe/Berlin" */
  timeZone?: InputMaybe<Scalars['String']['input']>;
};

/** Fields left out stay as they are; `dueAt: null` clears the due time (and the reminder). */
export type UpdateTaskInput = {
  /** A member of the task's list, or null for nobody */
  assigneeId?: InputMaybe<Scalars['ID']['input']>;
  description?: InputMaybe<Scalars['String']['input']>;
  dueAt?: InputMaybe<Scalars['DateTime']['input']>;
  id: Scalars['ID']['input'];
  /** Replaces the labels; null or [] removes them all */
  labels?: InputMaybe<Array<Scalars['String']['input']>>;
  /** Moves the task to this list (the caller must be an editor or owner of both lists) */
  listId?: InputMaybe<Scalars['ID']['input']>;
  priority?: InputMaybe<TaskPriority>;
  /** An RRULE value; null stops the repeat. A changed dueAt restarts the series there; a changed dueAt or rule moves dueAt to the first occurrence at or after it. */
  recurrence?: InputMaybe<Scalars['String']['input']>;
  /**
   * The reminder in minutes (0, 10, 30 or 60), as REST takes it; not together with `reminder`
   * @deprecated Use `reminder`.
   */
  remindBefore?: InputMaybe<Scalars['Int']['input']>;
  /** Replaces the relative reminders with this one (absolute ones stay); null removes them; needs a dueAt (given or stored) */
  reminder?: InputMaybe<ReminderOffset>;
  /** Replaces every reminder (up to 5); null or [] removes them all; not together with `reminder`/`remindBefore` */
  reminders?: InputMaybe<Array<ReminderInput>>;
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
  /** How the people the caller shares lists with see them (updateMe sets it; else the identity provider's name, else the user id) */
  displayName: Scalars['String']['output'];
  /** Where reminders and the digest are mailed; null: none */
  email?: Maybe<Scalars['String']['output']>;
  /** Whether the address was confirmed (its link used); nothing but the confirmation is mailed before */
  emailConfirmed: Scalars['Boolean']['output'];
  id: Scalars['ID']['output'];
  /** The language capture reads notes in (en, de, fr, es, pt, nl, it); null: each capture decides (its `lang`, Accept-Language, then the text) */
  language?: Maybe<Scalars['String']['output']>;
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
  /** A reminder reached a channel (event's `delivery`: push or email) */
  | 'REMINDER_DELIVERED'
  /** A reminder fired */
  | 'REMINDER_DUE'
  /** A reminder could not be delivered on a channel (event's `delivery.error`) */
  | 'REMINDER_FAILED'
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


export type TaskQuery = { __typename?: 'Query', task?: { __typename?: 'Task', id: string, title: string, description: string, dueAt?: string | null, priority: TaskPriority, status: TaskStatus, reminder?: ReminderOffset | null, nextReminderAt?: string | null, remindBefore?: number | null, createdAt: string, updatedAt: string, completedAt?: string | null, reminderSchedule?: { __typename?: 'Reminder', offset?: ReminderOffset | null, offsetMinutes: number, fireAt: string, state: ReminderState } | null } | null };

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

export type TasksWithPeopleQueryVariables = Exact<{
  first?: InputMaybe<Scalars['Int']['input']>;
}>;


export type TasksWithPeopleQuery = { __typename?: 'Query', tasks: { __typename?: 'TaskConnection', edges: Array<{ __typename?: 'TaskEdge', node: { __typename?: 'Task', id: string, nextReminderAt?: string | null, labels: Array<string>, list?: { __typename?: 'List', id: string, name: string, role: ListRole, memberCount: number, openCount: number } | null, assignee?: { __typename?: 'Person', id: string, displayName: string } | null, createdBy: { __typename?: 'Person', id: string, displayName: string } } }> } };

export type ListTasksQueryVariables = Exact<{
  id: Scalars['ID']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<ListTaskFilter>;
}>;


export type ListTasksQuery = { __typename?: 'Query', list?: { __typename?: 'List', name: string, tasks: { __typename?: 'TaskConnection', totalCount: number, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, endCursor?: string | null }, edges: Array<{ __typename?: 'TaskEdge', node: { __typename?: 'Task', id: string, title: string, nextReminderAt?: string | null, labels: Array<string>, list?: { __typename?: 'List', id: string, name: string } | null, assignee?: { __typename?: 'Person', id: string, displayName: string } | null, createdBy: { __typename?: 'Person', id: string, displayName: string } } }> } } | null };

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


export type ReminderDueSubscription = { __typename?: 'Subscription', reminderDue: { __typename?: 'ReminderDue', id: string, occurredAt: string, offset?: ReminderOffset | null, plannedAt: string, firedAt: string, lateSeconds: number, late: boolean, task: { __typename?: 'Task', id: string, title: string, description: string, dueAt?: string | null, priority: TaskPriority, status: TaskStatus, reminder?: ReminderOffset | null, nextReminderAt?: string | null, remindBefore?: number | null, createdAt: string, updatedAt: string, completedAt?: string | null } } };

export type UpdateMeMutationVariables = Exact<{
  input: UpdateMeInput;
}>;


export type UpdateMeMutation = { __typename?: 'Mutation', updateMe?: { __typename?: 'Viewer', id: string, timeZone: string, language?: string | null } | null };

export type MeWithLanguageQueryVariables = Exact<{ [key: string]: never; }>;


export type MeWithLanguageQuery = { __typename?: 'Query', me: { __typename?: 'Viewer', id: string, timeZone: string, language?: string | null } };

export type CaptureInLanguageMutationVariables = Exact<{
  input: CaptureTaskInput;
}>;


export type CaptureInLanguageMutation = { __typename?: 'Mutation', captureTask?: { __typename?: 'CaptureDraft', title: string, date?: string | null, time?: string | null, recurrence?: string | null, recurrenceText?: string | null, remindBefore?: number | null, language: string } | null };

export type CaptureTaskMutationVariables = Exact<{
  input: CaptureTaskInput;
}>;


export type CaptureTaskMutation = { __typename?: 'Mutation', captureTask?: { __typename?: 'CaptureDraft', title: string, description: string, date?: string | null, time?: string | null, dueAt?: string | null, reminder?: ReminderOffset | null, remindBefore?: number | null, source: CaptureSource, transcript?: string | null, extractedText?: string | null, confidence: number } | null };

export type CaptureMarksMutationVariables = Exact<{
  input: CaptureTaskInput;
}>;


export type CaptureMarksMutation = { __typename?: 'Mutation', captureTask?: { __typename?: 'CaptureDraft', title: string, dueAt?: string | null, listId?: string | null, labels: Array<string>, priority: TaskPriority, list?: { __typename?: 'List', id: string, name: string } | null } | null };

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


export type ImportAccountMutation = { __typename?: 'Mutation', importAccount?: { __typename?: 'ImportResult', created: number, skipped: number, rowsNotListed: number, timeZone: { __typename?: 'ImportTimeZone', document?: string | null, account: string, applied: boolean }, lists: { __typename?: 'ImportedLists', created: Array<string>, existing: Array<string> }, converted: { __typename?: 'ImportConverted', notes: number, sections: number, datePhrases: number }, dropped: { __typename?: 'ImportDropped', notes: number, sections: number, dates: number, duration: number, deadline: number, responsible: number, author: number, indent: number, completions: number, members: number, assignees: number, webhookEndpoints: number, pushSubscriptions: number, calendarFeed: number }, rows: Array<{ __typename?: 'ImportRowProblem', row: number, problem: string }> } | null };

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
export const TasksWithPeopleDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TasksWithPeople"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"tasks"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"nextReminderAt"}},{"kind":"Field","name":{"kind":"Name","value":"labels"}},{"kind":"Field","name":{"kind":"Name","value":"list"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"memberCount"}},{"kind":"Field","name":{"kind":"Name","value":"openCount"}}]}},{"kind":"Field","name":{"kind":"Name","value":"assignee"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"createdBy"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<TasksWithPeopleQuery, TasksWithPeopleQueryVariables>;
export const ListTasksDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ListTasks"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ListTaskFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"list"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"tasks"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"nextReminderAt"}},{"kind":"Field","name":{"kind":"Name","value":"labels"}},{"kind":"Field","name":{"kind":"Name","value":"list"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"assignee"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"createdBy"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<ListTasksQuery, ListTasksQueryVariables>;
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
export const UpdateMeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateMe"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateMeInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateMe"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"timeZone"}},{"kind":"Field","name":{"kind":"Name","value":"language"}}]}}]}}]} as unknown as DocumentNode<UpdateMeMutation, UpdateMeMutationVariables>;
export const MeWithLanguageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MeWithLanguage"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"timeZone"}},{"kind":"Field","name":{"kind":"Name","value":"language"}}]}}]}}]} as unknown as DocumentNode<MeWithLanguageQuery, MeWithLanguageQueryVariables>;
export const CaptureInLanguageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CaptureInLanguage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CaptureTaskInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"captureTask"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"date"}},{"kind":"Field","name":{"kind":"Name","value":"time"}},{"kind":"Field","name":{"kind":"Name","value":"recurrence"}},{"kind":"Field","name":{"kind":"Name","value":"recurrenceText"}},{"kind":"Field","name":{"kind":"Name","value":"remindBefore"}},{"kind":"Field","name":{"kind":"Name","value":"language"}}]}}]}}]} as unknown as DocumentNode<CaptureInLanguageMutation, CaptureInLanguageMutationVariables>;
export const CaptureTaskDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CaptureTask"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CaptureTaskInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"captureTask"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"date"}},{"kind":"Field","name":{"kind":"Name","value":"time"}},{"kind":"Field","name":{"kind":"Name","value":"dueAt"}},{"kind":"Field","name":{"kind":"Name","value":"reminder"}},{"kind":"Field","name":{"kind":"Name","value":"remindBefore"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"transcript"}},{"kind":"Field","name":{"kind":"Name","value":"extractedText"}},{"kind":"Field","name":{"kind":"Name","value":"confidence"}}]}}]}}]} as unknown as DocumentNode<CaptureTaskMutation, CaptureTaskMutationVariables>;
export const CaptureMarksDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CaptureMarks"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CaptureTaskInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"captureTask"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"dueAt"}},{"kind":"Field","name":{"kind":"Name","value":"listId"}},{"kind":"Field","name":{"kind":"Name","value":"list"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"labels"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}}]}}]}}]} as unknown as DocumentNode<CaptureMarksMutation, CaptureMarksMutationVariables>;
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
export const ImportAccountDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ImportAccount"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ImportAccountInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"importAccount"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"created"}},{"kind":"Field","name":{"kind":"Name","value":"skipped"}},{"kind":"Field","name":{"kind":"Name","value":"timeZone"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"document"}},{"kind":"Field","name":{"kind":"Name","value":"account"}},{"kind":"Field","name":{"kind":"Name","value":"applied"}}]}},{"kind":"Field","name":{"kind":"Name","value":"lists"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"created"}},{"kind":"Field","name":{"kind":"Name","value":"existing"}}]}},{"kind":"Field","name":{"kind":"Name","value":"converted"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"sections"}},{"kind":"Field","name":{"kind":"Name","value":"datePhrases"}}]}},{"kind":"Field","name":{"kind":"Name","value":"dropped"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"sections"}},{"kind":"Field","name":{"kind":"Name","value":"dates"}},{"kind":"Field","name":{"kind":"Name","value":"duration"}},{"kind":"Field","name":{"kind":"Name","value":"deadline"}},{"kind":"Field","name":{"kind":"Name","value":"responsible"}},{"kind":"Field","name":{"kind":"Name","value":"author"}},{"kind":"Field","name":{"kind":"Name","value":"indent"}},{"kind":"Field","name":{"kind":"Name","value":"completions"}},{"kind":"Field","name":{"kind":"Name","value":"members"}},{"kind":"Field","name":{"kind":"Name","value":"assignees"}},{"kind":"Field","name":{"kind":"Name","value":"webhookEndpoints"}},{"kind":"Field","name":{"kind":"Name","value":"pushSubscriptions"}},{"kind":"Field","name":{"kind":"Name","value":"calendarFeed"}}]}},{"kind":"Field","name":{"kind":"Name","value":"rows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"row"}},{"kind":"Field","name":{"kind":"Name","value":"problem"}}]}},{"kind":"Field","name":{"kind":"Name","value":"rowsNotListed"}}]}}]}}]} as unknown as DocumentNode<ImportAccountMutation, ImportAccountMutationVariables>;
export const SessionsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Sessions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sessions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastUsedAt"}},{"kind":"Field","name":{"kind":"Name","value":"userAgent"}},{"kind":"Field","name":{"kind":"Name","value":"current"}}]}}]}}]} as unknown as DocumentNode<SessionsQuery, SessionsQueryVariables>;
export const RevokeSessionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RevokeSession"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"revokeSession"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<RevokeSessionMutation, RevokeSessionMutationVariables>;