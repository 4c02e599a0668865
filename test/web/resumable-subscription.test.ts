import { createClient, type Client } from 'graphql-ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { uuidv7 } from '../../src/events/uuid-v7.js';
import { followResumable, type Resumable } from '../../web/src/api/resumable.js';
import { applyTaskChange, type TaskChange } from '../../web/src/model/task-changes.js';
import type { Task } from '../../web/src/api/types.js';
import { jsonRequest, startTestService, type TestService } from '../support/test-service.js';

// The web app's resume logic (web/src/resumable.ts) against the real service over graphql-ws, with a
// socket the test can cut as a lost network would.

const TASK_CHANGED = 'subscription ($after: ID) { taskChanged(after: $after) { id type task { id title status } } }';

interface Change {
  id: string;
  type: string;
  task: { id: string; title: string; status: string };
}

/** Sockets the test can cut, and refuse while "down"; every message the client sends is kept. */
function cuttableNetwork(url: string) {
  const open = new Set<WebSocket>();
  const sent: { type: string; payload?: { variables?: Record<string, unknown> } }[] = [];
  let down = false;
  class CuttableSocket extends WebSocket {
    constructor(target: string, protocols?: string | string[]) {
      // While down, nothing answers: the connection fails as with no network.
      super(down ? 'ws://127.0.0.1:9/graphql' : target, protocols);
      open.add(this);
      this.on('close', () => open.delete(this));
      this.on('error', () => undefined);
    }

    override send(data: unknown, ...rest: unknown[]): void {
      sent.push(JSON.parse(String(data)) as (typeof sent)[number]);
      (super.send as (...args: unknown[]) => void)(data, ...rest);
    }
  }
  return {
    webSocketImpl: CuttableSocket,
    sent,
    url,
    cut() {
      down = true;
      for (const socket of open) socket.terminate();
    },
    restore() {
      down = false;
    },
    get connections() {
      return open.size;
    },
  };
}

async function eventually(check: () => boolean, what: string): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > 10_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('a resumable subscription (web/src/resumable.ts) on the real service', () => {
  let service: TestService;
  const stops: (() => Promise<void> | void)[] = [];

  beforeAll(async () => {
    service = await startTestService('sqlite');
  });
  afterEach(async () => {
    for (const stop of stops.splice(0)) await stop();
  });
  afterAll(async () => {
    await service?.close();
  });

  async function follow(user: string, after?: string) {
    const network = cuttableNetwork(`${service.url.replace(/^http/, 'ws')}/graphql`);
    const token = await service.token(user);
    const client: Client = createClient({
      url: network.url,
      webSocketImpl: network.webSocketImpl,
      connectionParams: { authorization: `Bearer ${token}` },
      lazy: true,
      lazyCloseTimeout: 1_000,
      retryAttempts: Number.POSITIVE_INFINITY,
      shouldRetry: () => true,
      retryWait: () => new Promise((resolve) => setTimeout(resolve, 100)),
    });
    const changes: Change[] = [];
    let resyncs = 0;
    const live: Resumable = followResumable<{ taskChanged: Change }>({
      client,
      query: TASK_CHANGED,
      idOf: (data) => data.taskChanged.id,
      next: (data) => changes.push(data.taskChanged),
      resync: () => resyncs++,
      after,
      retryMs: 100,
    });
    stops.push(async () => {
      live.stop();
      await client.dispose();
    });
    return { network, changes, live, resyncs: () => resyncs };
  }

  async function create(user: string, title: string): Promise<string> {
    const response = await service.request(user, '/tasks', jsonRequest('POST', { title }));
    expect(response.status).toBe(201);
    return String(((await response.json()) as { id: number }).id);
  }

  /** Subscribed on the service: a change made now is delivered (seen once connected and one event came through). */
  async function subscribed(user: string, state: Awaited<ReturnType<typeof follow>>): Promise<void> {
    const before = state.changes.length;
    await eventually(() => state.network.connections > 0, 'a connection');
    // The subscribe message may still be on its way: a change right now might precede it, so retry.
    for (let attempt = 0; state.changes.length === before; attempt++) {
      await create(user, `probe ${attempt}`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      if (attempt > 20) throw new Error('never subscribed');
    }
    await eventually(() => state.changes.length > before, 'the probe');
  }

  it('resumes after the last event received: what changed while the socket was down arrives after reconnecting, each once, in order, with no refetch', async () => {
    const state = await follow('rachel');
    await subscribed('rachel', state);
    expect(state.resyncs()).toBe(1); // the first connection had nothing to resume from
    const last = state.changes.at(-1)!.id;
    const seen = state.changes.length;

    state.network.cut();
    const kept = await create('rachel', 'buy milk');
    const done = await create('rachel', 'sell the car');
    expect((await service.request('rachel', `/tasks/${kept}`, { method: 'PATCH', headers: { 'content-type': 'application/merge-patch+json' }, body: JSON.stringify({ title: 'buy oat milk' }) })).status).toBe(200);
    expect((await service.request('rachel', `/tasks/${done}`, { method: 'DELETE' })).status).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 400)); // a few refused reconnections
    expect(state.changes).toHaveLength(seen);
    state.network.restore();

    await eventually(() => state.changes.length === seen + 4, 'the replay');
    expect(state.changes.slice(seen).map((change) => [change.type, change.task.id, change.task.title])).toEqual([
      ['CREATED', kept, 'buy milk'],
      ['CREATED', done, 'sell the car'],
      ['UPDATED', kept, 'buy oat milk'],
      ['COMPLETED', done, 'sell the car'],
    ]);
    expect(state.resyncs()).toBe(1);
    expect(state.live.after).toBe(state.changes.at(-1)!.id);
    // The resubscription carried the id of the last event received before the cut.
    const subscribes = state.network.sent.filter((message) => message.type === 'subscribe');
    expect(subscribes.at(-1)?.payload?.variables).toEqual({ after: last });

    // ... and it is live again afterwards, once each.
    await create('rachel', 'after the replay');
    await eventually(() => state.changes.length === seen + 5, 'a live change');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(new Set(state.changes.map((change) => change.id)).size).toBe(state.changes.length);
  });

  it('asks for a refetch when the socket comes back before any event came (nothing to resume from)', async () => {
    const state = await follow('sam');
    await eventually(() => state.resyncs() === 1, 'the first connection');
    state.network.cut();
    await create('sam', 'made while away');
    state.network.restore();
    await eventually(() => state.resyncs() === 2, 'a refetch after reconnecting');
    expect(state.changes).toEqual([]);
  });

  it('after EVENTS_EXPIRED (an id the service no longer has) asks for a refetch and follows afresh', async () => {
    const state = await follow('tess', uuidv7(Date.now() - 60_000));
    await eventually(() => state.resyncs() === 1, 'a refetch');
    expect(state.live.after).toBeNull();
    const subscribes = () => state.network.sent.filter((message) => message.type === 'subscribe');
    await eventually(() => subscribes().length === 2, 'a subscription afresh');
    expect(subscribes().map((message) => message.payload?.variables)).toEqual([{ after: expect.any(String) }, {}]);
    await subscribed('tess', state);
    expect(state.live.after).toBe(state.changes.at(-1)!.id);
    expect(state.resyncs()).toBe(1);
  });
});

describe('applying a task change to the queue (web/src/task-changes.ts)', () => {
  const task = (id: string, title: string, status: Task['status'] = 'PENDING', dueAt: string | null = null): Task => ({
    id,
    title,
    description: '',
    dueAt,
    reminders: [],
    status,
    listId: '1',
    list: null,
    labels: [],
    priority: 'LOW',
    assignee: null,
    recurrence: null,
    recurrenceText: null,
  });
  const change = (type: TaskChange['type'], changed: Task): TaskChange => ({ id: uuidv7(), type, task: changed });
  const list = [task('1', 'one'), task('2', 'two')];

  it('adds a created task, replaces an updated one in place, and is the same when applied twice', () => {
    const created = applyTaskChange(list, change('CREATED', task('3', 'three')));
    expect(created.map((t) => t.title)).toEqual(['one', 'two', 'three']);
    const updated = change('UPDATED', task('1', 'one, renamed'));
    expect(applyTaskChange(created, updated).map((t) => t.title)).toEqual(['one, renamed', 'two', 'three']);
    expect(applyTaskChange(applyTaskChange(created, updated), updated)).toEqual(applyTaskChange(created, updated));
  });

  it('removes a deleted or completed task; a repeating task done for one occurrence stays, at its next', () => {
    expect(applyTaskChange(list, change('DELETED', task('1', 'one'))).map((t) => t.id)).toEqual(['2']);
    expect(applyTaskChange(list, change('COMPLETED', task('2', 'two', 'COMPLETED'))).map((t) => t.id)).toEqual(['1']);
    const next = task('2', 'two', 'PENDING', '2026-11-24T09:00:00.000Z');
    expect(applyTaskChange(list, change('OCCURRENCE_COMPLETED', next))).toEqual([list[0], next]);
    expect(applyTaskChange(list, change('REOPENED', task('9', 'back')))).toHaveLength(3);
    expect(applyTaskChange(list, change('DELETED', task('9', 'never here')))).toEqual(list);
  });
});
