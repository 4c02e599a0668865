import { DateTime } from 'luxon';
import { createContext, type ContextDeps } from '../context.js';
import type { Logger } from '../logger.js';
import { listToday } from '../tasks/list-today.js';
import { queueEmail } from './queue-email.js';
import { renderDigestEmail } from './render-digest-email.js';

export interface DigestDeps {
  context: ContextDeps;
  publicUrl: string;
  logger: Logger;
  /** Told when digests were queued: send them soon. */
  onQueued: () => void;
}

/** A digest goes out from its hour until this many hours later (a service down at 07:00 still sends at 08:10). */
export const DIGEST_WINDOW_HOURS = 2;
/** The most tasks one digest lists. */
const DIGEST_MAX_ITEMS = 100;
const USERS_PER_PAGE = 500;

type DigestUser = { id: string; email: string | null; timeZone: string; digestHour: number };

/**
 * Queues the daily digest of everyone whose local hour has come (wall-clock hours in their zone, so a
 * DST change moves the instant, not the hour): one mail with today's queue, or, for an empty day, a
 * record that there was nothing to send. Either is keyed by person and local date, so each person's
 * day is looked at once, whichever instance and run gets there first.
 */
export async function queueDueDigests(deps: DigestDeps): Promise<number> {
  const now = deps.context.clock.now();
  let after: string | undefined;
  let queued = 0;
  for (;;) {
    const users: DigestUser[] = await deps.context.db.user.findMany({
      where: { digestEnabled: true, email: { not: null }, emailConfirmedAt: { not: null }, ...(after ? { id: { gt: after } } : {}) },
      orderBy: { id: 'asc' },
      take: USERS_PER_PAGE,
      select: { id: true, email: true, timeZone: true, digestHour: true },
    });
    for (const user of users) if (await queueDigest(deps, user, now)) queued += 1;
    if (queued > 0) deps.onQueued();
    if (users.length < USERS_PER_PAGE) return queued;
    after = users[users.length - 1]!.id;
  }
}

async function queueDigest(deps: DigestDeps, user: DigestUser, now: Date): Promise<boolean> {
  const local = DateTime.fromJSDate(now, { zone: user.timeZone });
  if (!local.isValid || local.hour < user.digestHour || local.hour >= user.digestHour + DIGEST_WINDOW_HOURS) return false;
  const date = local.toISODate()!;
  const dedupeKey = `digest:${user.id}:${date}`;
  const db = deps.context.db;
  if (await db.emailDelivery.findUnique({ where: { dedupeKey }, select: { id: true } })) return false;
  const page = await listToday(createContext(deps.context, user.id), { timeZone: user.timeZone, first: DIGEST_MAX_ITEMS });
  const dated = page.tasks.filter((task) => task.dueAt !== null);
  const lists = await db.list.findMany({ where: { id: { in: [...new Set(dated.map((task) => task.listId))] } }, select: { id: true, name: true } });
  const listNames = new Map(lists.map((list) => [String(list.id), list.name]));
  const message = renderDigestEmail({
    items: dated.map((task) => ({ id: String(task.id), title: task.title, dueAt: task.dueAt!, listName: listNames.get(String(task.listId)) ?? '' })),
    dayStart: local.startOf('day').toJSDate(),
    timeZone: user.timeZone,
    date,
    publicUrl: deps.publicUrl,
    more: page.hasNextPage && dated.length === page.tasks.length,
  });
  const empty = dated.length === 0;
  const queued = await queueEmail(
    db,
    { userId: user.id, kind: 'digest', dedupeKey, address: user.email!, message, state: empty ? 'skipped' : 'pending' },
    deps.publicUrl,
    now,
  );
  if (queued) deps.logger.info({ userId: user.id, date, tasks: dated.length }, empty ? 'digest: nothing due today, none sent' : 'digest queued');
  return queued && !empty;
}
