import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import type { BusListener, EventBus } from '../../src/events/event-bus.js';
import { followEvents, type FollowDeps } from '../../src/events/follow-events.js';
import { TASK_EVENT_TYPES, type TaskEvent } from '../../src/events/task-event.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import { waitUntil } from '../webhooks/support/receiver.js';

/**
 * The seam between replay and live, made to happen every time: the catch-up's read of the outbox is held
 * at a gate (a slow database) while changes commit and go by on the bus, then let through.
 */
describe.each(PROVIDERS)('following events across the replay/live seam on %s', (provider) => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(provider);
  });
  afterAll(async () => {
    await service?.close();
  });

  const create = async (userId: string, title: string) => {
    const response = await service.request(userId, '/tasks', jsonRequest('POST', { title }));
    expect(response.status).toBe(201);
    return String(((await response.json()) as { id: number }).id);
  };
  const lastEventId = async (userId: string) =>
    (await service.database.db.event.findFirst({ where: { userId }, orderBy: { id: 'desc' }, select: { id: true } }))!.id;

  /** The service's database, except that reads of the outbox after a position wait until `release()`. */
  const gatedDb = () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let held = 0;
    const db = service.database.db;
    const gated = new Proxy(db, {
      get(target, property) {
        if (property !== '$queryRawUnsafe') {
          // Bound to the real client, so that what Prisma builds from it (transactions) is real too.
          const value = Reflect.get(target, property, target) as unknown;
          return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
        }
        return async (sql: string, ...values: unknown[]) => {
          if (sql.includes('position >')) {
            held += 1;
            await gate;
          }
          return target.$queryRawUnsafe(sql, ...values);
        };
      },
    }) as Db;
    return { db: gated, release, held: () => held };
  };

  /** The service's bus, noting what reaches this test's listeners. */
  const watchedBus = () => {
    const seen = new Set<string>();
    const bus: EventBus = {
      ...service.eventBus,
      listen: (userId: string, listener: BusListener) =>
        service.eventBus.listen(userId, {
          ...listener,
          event(live) {
            seen.add(`${live.event.type} ${live.event.task.id}`);
            listener.event(live);
          },
        }),
    };
    return { bus, seen: () => seen };
  };

  const deps = (db: Db, bus: EventBus): FollowDeps => ({
    db,
    provider,
    bus,
    retentionMs: 7 * 86_400_000,
    logger: service.app.log as unknown as FollowDeps['logger'],
  });

  const take = async (events: AsyncIterableIterator<TaskEvent>, count: number) => {
    const taken: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const step = await Promise.race([
        events.next(),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`only ${i} of ${count} events`)), 10_000)),
      ]);
      if (step.done) throw new Error(`ended after ${i} of ${count} events`);
      taken.push(`${step.value.type} ${step.value.task.id}`);
    }
    return taken;
  };

  it('live events that arrive while the replay reads the outbox come after it, each once, in order', async () => {
    const user = `seam-${provider}`;
    await create(user, 'anchor');
    const anchor = await lastEventId(user);
    const expected: string[] = [];
    for (let i = 0; i < 3; i += 1) expected.push(`task.created ${await create(user, `before ${i}`)}`);

    const gated = gatedDb();
    const watched = watchedBus();
    const controller = new AbortController();
    const events = await followEvents(deps(gated.db, watched.bus), {
      userId: user,
      types: TASK_EVENT_TYPES,
      after: anchor,
      signal: controller.signal,
      now: new Date(),
    });
    await waitUntil(() => gated.held() === 1, 'the replay to reach the outbox');

    // Committed and published while the replay is held: they go by live first, and are in the outbox too.
    for (let i = 0; i < 3; i += 1) expected.push(`task.created ${await create(user, `during ${i}`)}`);
    await waitUntil(() => expected.slice(3).every((change) => watched.seen().has(change)), 'the changes to go by on the bus');
    gated.release();

    expect(await take(events, expected.length)).toEqual(expected);
    // And live after the seam.
    const after = `task.created ${await create(user, 'after')}`;
    expect(await take(events, 1)).toEqual([after]);
    const nothing = await Promise.race([events.next().then(() => 'more'), new Promise((resolve) => setTimeout(() => resolve('nothing'), 300))]);
    expect(nothing).toBe('nothing');
    controller.abort();
    expect(await events.next()).toEqual({ value: undefined, done: true });
    expect(service.eventBus.subscriberCount(user)).toBe(0);
  });

  it('a bus that says it subscribed again (after a reconnection) makes the subscription catch up what went by unseen, once', async () => {
    const user = `reconnect-${provider}`;
    await create(user, 'anchor');
    // A bus that loses this test's listener's events until it "reconnects".
    let deaf = false;
    let resubscribe: (() => void) | undefined;
    const bus: EventBus = {
      ...service.eventBus,
      listen: (userId, listener) => {
        resubscribe = () => listener.subscribed();
        return service.eventBus.listen(userId, {
          ...listener,
          event: (live) => {
            if (!deaf) listener.event(live);
          },
        });
      },
    };
    const controller = new AbortController();
    const events = await followEvents(deps(service.database.db, bus), {
      userId: user,
      types: TASK_EVENT_TYPES,
      signal: controller.signal,
      now: new Date(),
    });
    const first = `task.created ${await create(user, 'live')}`;
    expect(await take(events, 1)).toEqual([first]);

    deaf = true;
    const missed: string[] = [];
    for (let i = 0; i < 3; i += 1) missed.push(`task.created ${await create(user, `unseen ${i}`)}`);
    await waitUntil(async () => (await service.database.db.event.count({ where: { userId: user, publishedAt: null } })) === 0, 'publication');
    deaf = false;
    resubscribe!();
    const next = `task.created ${await create(user, 'after the reconnection')}`;
    expect(await take(events, 4)).toEqual([...missed, next]);
    controller.abort();
  });
});
