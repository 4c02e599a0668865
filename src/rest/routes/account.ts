import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { deleteAccount } from '../../account/delete-account.js';
import { exportAccount } from '../../account/export-account.js';
import { importAccount, IMPORT_MAX_BYTES, IMPORT_TIME_ZONE_RULES } from '../../account/import-account.js';
import { CONVERTED_KINDS, DROPPED_KINDS } from '../../account/import-plan.js';
import type { ImportTimeZoneRule } from '../../account/write-imported-tasks.js';
import { invalidRequest } from '../../errors.js';
import { errorResponses } from '../schemas.js';

/** An import may be larger than the usual 64 KiB body. */
export const IMPORT_BODY_LIMIT_BYTES = IMPORT_MAX_BYTES;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

const counts = (kinds: Record<string, string>, description: string) => ({
  type: 'object',
  description,
  required: Object.keys(kinds),
  properties: Object.fromEntries(Object.entries(kinds).map(([kind, meaning]) => [kind, { type: 'integer', minimum: 0, description: meaning }])),
});

/** POST /me/import's answer; the counts' names come from the service's own lists, so they cannot drift. */
const importResultSchema = {
  type: 'object',
  required: ['created', 'skipped', 'timeZone', 'lists', 'converted', 'dropped', 'rows', 'rowsNotListed'],
  properties: {
    created: { type: 'integer', description: 'Tasks created by this import' },
    skipped: {
      type: 'integer',
      description: 'Tasks of the file the account already had (created by an earlier import of the same file, or with the same content): not created again',
    },
    timeZone: {
      type: 'object',
      required: ['document', 'account', 'applied'],
      properties: {
        document: { type: ['string', 'null'], description: "The export document's user.timeZone (null: none, or a Todoist CSV)" },
        account: { type: 'string', description: "The account's time zone after the import" },
        applied: { type: 'boolean', description: "Whether this import set the account's zone to the document's" },
      },
    },
    lists: {
      type: 'object',
      description:
        "The lists the file's tasks went into, by name. Members of an export's lists are not re-invited (counted in dropped.members)",
      required: ['created', 'existing'],
      properties: {
        created: { type: 'array', items: { type: 'string' }, description: 'Lists this import made (the caller owns them, alone)' },
        existing: {
          type: 'array',
          items: { type: 'string' },
          description: "The caller's own lists the file's lists matched by name (any letter case); the Inbox for the exporter's Inbox",
        },
      },
    },
    converted: counts(CONVERTED_KINDS, 'What the file held that was kept in another form, per kind'),
    dropped: counts(DROPPED_KINDS, 'What the file held that was left out, per kind'),
    rows: {
      type: 'array',
      description: 'Todoist CSV rows read with a problem (the first 100); each row was imported as its problem says',
      items: {
        type: 'object',
        required: ['row', 'problem'],
        properties: { row: { type: 'integer', description: 'The line of the file the row starts on' }, problem: { type: 'string' } },
      },
    },
    rowsNotListed: { type: 'integer', description: 'Row problems beyond those listed' },
  },
} as const;

/** The file name a Content-Disposition header gives (`filename*=UTF-8''…` or `filename="…"`), if any. */
export function fileNameOf(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      return undefined;
    }
  }
  return /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(header)?.slice(1).find((part) => part !== undefined)?.trim();
}

/** The caller's data: GET /me/export, POST /me/import, DELETE /me. */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/me/export',
    {
      schema: {
        operationId: 'exportAccount',
        summary: 'Export the whole account as one JSON document',
        description:
          'Settings, every task with its reminder, rule and completed occurrences, webhook endpoints without secrets, push subscriptions without keys, whether a calendar feed is on. Streamed.',
        tags: ['account'],
        response: {
          200: { description: 'The export (format tickler.export/1)', content: { 'application/json': { schema: { type: 'object' } } } },
          ...errorResponses(401),
        },
      },
    },
    async (request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', 'attachment; filename="tickler-export.json"')
        .send(Readable.from(exportAccount(request.caller))),
  );
  app.delete(
    '/me',
    {
      schema: {
        operationId: 'deleteAccount',
        summary: 'Delete the account and everything of it',
        description:
          "Deletes the caller's tasks (with reminders and completed occurrences), events, webhook endpoints with their deliveries, push subscriptions with theirs, the calendar feed, sign-in codes and sessions, idempotency keys and settings. Tokens issued until now get 401 from then on; a token issued later starts an empty account.",
        tags: ['account'],
        response: { 204: { description: 'Deleted', type: 'null' }, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      await deleteAccount(request.caller);
      return reply.code(204).send();
    },
  );
  app.addContentTypeParser('text/csv', { parseAs: 'buffer', bodyLimit: IMPORT_BODY_LIMIT_BYTES }, (_request, body: Buffer, done) => {
    try {
      done(null, strictUtf8.decode(body));
    } catch {
      done(invalidRequest('The request body is not valid UTF-8'));
    }
  });
  app.post<{ Querystring: { timeZone?: ImportTimeZoneRule; list?: string } }>(
    '/me/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT_BYTES,
      schema: {
        operationId: 'importAccount',
        summary: 'Import tasks from an export document or a Todoist CSV export',
        description:
          'application/json: a tickler.export/1 document (GET /me/export); its tasks are created, and its time zone applied as `timeZone` says. ' +
          "application/json: a tickler.export/1 document's lists are recreated by name (its Inbox is the caller's Inbox; a list of a name the caller has is used as it is), members are not re-invited. " +
          'text/csv: a Todoist CSV export; its task rows are created, with priorities, `@label` words of CONTENT as labels, notes, sections and date phrases converted and what has no place counted as dropped, ' +
          'all in one list: `list`, else the file name of a `Content-Disposition` header without `.csv`, else "Todoist import" (the caller\'s own list of that name, else a new one). ' +
          'All or nothing, in one transaction. Tasks the account already has (from an earlier import of the same file, or with the same title, description, due time, priority, rule and completion) ' +
          'are not created again, so importing the same file twice creates nothing new. Up to 5000 tasks, 10 MiB.',
        tags: ['account'],
        querystring: {
          type: 'object',
          properties: {
            timeZone: {
              type: 'string',
              enum: IMPORT_TIME_ZONE_RULES,
              default: 'auto',
              description:
                "Whether an export document's time zone becomes the account's: auto (only while the account is on the default, UTC), apply (always), keep (never)",
            },
            list: {
              type: 'string',
              description:
                "Todoist CSV only (400 with an export document): the list its tasks go into, the caller's own of that name in any letter case, else a new one (1 to 100 characters)",
            },
          },
        },
        body: {
          content: {
            'application/json': { schema: { type: 'object' } },
            'text/csv': { schema: { type: 'string' } },
          },
        },
        response: {
          200: {
            description: 'What was created, what was there already, the time zone, and what was converted or left out',
            content: { 'application/json': { schema: importResultSchema } },
          },
          ...errorResponses(400, 401, 413, 415),
        },
      },
    },
    async (request) =>
      importAccount(
        request.caller,
        typeof request.body === 'string'
          ? { kind: 'todoistCsv', text: request.body, fileName: fileNameOf(request.headers['content-disposition']) }
          : { kind: 'export', document: request.body },
        { timeZone: request.query.timeZone, list: request.query.list },
      ),
  );
}
