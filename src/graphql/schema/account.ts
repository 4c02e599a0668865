import { deleteAccount } from '../../account/delete-account.js';
import { exportAccountDocument } from '../../account/export-account.js';
import { importAccount, IMPORT_MAX_BYTES, type ImportSource } from '../../account/import-account.js';
import { importSourceOfFile } from '../../account/import-file.js';
import { invalidRequest } from '../../errors.js';
import { builder } from '../builder.js';
import { ImportResultRef, ImportTimeZoneRuleRef } from './import-result.js';

const MIB = IMPORT_MAX_BYTES / (1024 * 1024);

builder.queryFields((t) => ({
  exportAccount: t.field({
    type: 'JSON',
    nullable: true,
    description:
      "The caller's whole account as GET /me/export answers it (format tickler.export/1): settings, tasks with reminders, " +
      'rules and completed occurrences, webhook endpoints without secrets, push subscriptions without keys. A GraphQL ' +
      `answer is not streamed, so an export over ${MIB} MiB is refused with PAYLOAD_TOO_LARGE (reason ` +
      'account/export_too_large): read a large account with REST GET /me/export, which streams any size.',
    resolve: (_root, _args, ctx) => exportAccountDocument(ctx.caller, IMPORT_MAX_BYTES),
  }),
}));

const ImportAccountInput = builder.inputType('ImportAccountInput', {
  description:
    'Exactly one of: an export document inline, a Todoist CSV export inline, or either as an uploaded file. A request ' +
    `body is at most 64 KiB; a larger import is sent as \`file\` (GraphQL multipart request, at most ${MIB} MiB).`,
  fields: (t) => ({
    document: t.field({ type: 'JSON', description: 'A tickler.export/1 document (exportAccount, GET /me/export)' }),
    todoistCsv: t.string({
      description: 'The text of a Todoist CSV export; its task rows are imported, with their notes, sections and date phrases',
    }),
    file: t.field({
      type: 'File',
      description:
        'An export document (Content-Type application/json or a .json name) or a Todoist CSV export (text/csv or .csv), UTF-8',
    }),
    timeZone: t.field({
      type: ImportTimeZoneRuleRef,
      description: "Whether an export document's time zone becomes the account's (default AUTO: only while the account is on UTC)",
    }),
    list: t.string({
      description:
        "A Todoist CSV only (BAD_USER_INPUT with an export document): the list its tasks go into, the caller's own of that name in any letter case, else a new one. Default: the uploaded file's name without .csv, else \"Todoist import\"",
    }),
  }),
});

builder.mutationFields((t) => ({
  importAccount: t.field({
    type: ImportResultRef,
    nullable: true,
    description:
      'Creates the tasks of an export document (with its lists, by name; members are not re-invited) or a Todoist CSV export (into one list), like REST POST /me/import: the same rules and ' +
      'limits, all or nothing, and idempotent (importing the same file again creates nothing). Errors: BAD_USER_INPUT (not exactly ' +
      'one source, not an export, an invalid task: nothing is created), PAYLOAD_TOO_LARGE, UNSUPPORTED_MEDIA_TYPE (a file ' +
      'that is neither JSON nor CSV).',
    args: { input: t.arg({ type: ImportAccountInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const given = [input.document !== undefined && input.document !== null, typeof input.todoistCsv === 'string', Boolean(input.file)];
      if (given.filter(Boolean).length !== 1) throw invalidRequest('Give exactly one of document, todoistCsv and file');
      const source: ImportSource = input.file
        ? await importSourceOfFile(input.file)
        : typeof input.todoistCsv === 'string'
          ? { kind: 'todoistCsv', text: input.todoistCsv }
          : { kind: 'export', document: input.document };
      return importAccount(ctx.caller, source, { timeZone: input.timeZone ?? undefined, list: input.list ?? undefined });
    },
  }),
  deleteAccount: t.boolean({
    description:
      "Deletes the caller's account and everything of it (tasks, events, webhooks, push subscriptions, calendar feed, sessions); always true. The caller's tokens issued until now are refused from then on; a token issued later starts an empty account.",
    resolve: async (_root, _args, ctx) => {
      await deleteAccount(ctx.caller);
      return true;
    },
  }),
}));
