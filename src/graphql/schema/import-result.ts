import type { ImportResult } from '../../account/import-account.js';
import { CONVERTED_KINDS, DROPPED_KINDS, type ImportRowProblem } from '../../account/import-plan.js';
import type { ImportedLists, ImportTimeZone } from '../../account/write-imported-tasks.js';
import { builder } from '../builder.js';

export const ImportTimeZoneRuleRef = builder.enumType('ImportTimeZoneRule', {
  description: "Whether an export document's time zone becomes the account's.",
  values: {
    AUTO: { value: 'auto', description: 'Only while the account is on the default zone, UTC (a new account)' },
    APPLY: { value: 'apply', description: 'Always' },
    KEEP: { value: 'keep', description: "Never: the account keeps its zone" },
  } as const,
});

const ImportTimeZoneRef = builder.objectRef<ImportTimeZone>('ImportTimeZone').implement({
  description: "The import's time zone: the document's, the account's after the import, and whether the import set it.",
  fields: (t) => ({
    document: t.exposeString('document', { nullable: true, description: "The export document's user.timeZone (null: none, or a Todoist CSV)" }),
    account: t.exposeString('account', { description: "The account's time zone after the import" }),
    applied: t.exposeBoolean('applied', { description: "Whether this import set the account's zone to the document's" }),
  }),
});

const ImportedListsRef = builder.objectRef<ImportedLists>('ImportedLists').implement({
  description: "The lists an import's tasks went into, by name. Members of an export's lists are not re-invited (counted in dropped.members).",
  fields: (t) => ({
    created: t.exposeStringList('created', { description: 'Lists this import made (the caller owns them, alone)' }),
    existing: t.exposeStringList('existing', {
      description: "The caller's own lists the file's lists matched by name (any letter case); the Inbox for the exporter's Inbox",
    }),
  }),
});

/** An object of one Int per kind, described by the service's own list (so the transports cannot drift). */
function countsRef<K extends string>(name: string, description: string, kinds: Record<K, string>) {
  return builder.objectRef<Record<K, number>>(name).implement({
    description,
    fields: (t) =>
      Object.fromEntries(
        (Object.entries(kinds) as Array<[K, string]>).map(([kind, meaning]) => [kind, t.exposeInt(kind as never, { description: meaning })]),
      ),
  });
}

const ImportConvertedRef = countsRef('ImportConverted', 'What the file held that was kept in another form, per kind.', CONVERTED_KINDS);
const ImportDroppedRef = countsRef('ImportDropped', 'What the file held that was left out, per kind.', DROPPED_KINDS);

const ImportRowProblemRef = builder.objectRef<ImportRowProblem>('ImportRowProblem').implement({
  description: 'A Todoist CSV row read with a problem; the row was imported as the problem says.',
  fields: (t) => ({
    row: t.exposeInt('row', { description: 'The line of the file the row starts on (the header is line 1)' }),
    problem: t.exposeString('problem'),
  }),
});

export const ImportResultRef = builder.objectRef<ImportResult>('ImportResult').implement({
  description:
    'What an import created, what the account had already (so was not created again), the time zone, and what was converted or left out.',
  fields: (t) => ({
    created: t.exposeInt('created', { description: 'Tasks created by this import' }),
    skipped: t.exposeInt('skipped', {
      description:
        'Tasks of the file the account already had (created by an earlier import of the same file, or with the same title, description, due time, priority, rule and completion)',
    }),
    timeZone: t.field({ type: ImportTimeZoneRef, description: "The document's time zone and the account's after the import", resolve: (result) => result.timeZone }),
    lists: t.field({ type: ImportedListsRef, description: "The lists the file's tasks went into", resolve: (result) => result.lists }),
    converted: t.field({
      type: ImportConvertedRef,
      description: 'What the file held that was kept in another form (counted whether its task was created now or skipped)',
      resolve: (result) => result.converted,
    }),
    dropped: t.field({ type: ImportDroppedRef, description: 'What the file held that was left out', resolve: (result) => result.dropped }),
    rows: t.field({
      type: [ImportRowProblemRef],
      description: 'Todoist CSV rows read with a problem (the first 100)',
      resolve: (result) => result.rows,
    }),
    rowsNotListed: t.exposeInt('rowsNotListed', { description: 'Row problems beyond those listed' }),
  }),
});
