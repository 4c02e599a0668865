/**
 * Groups a V8 .cpuprofile's samples into the layers of Tickler's stack (bench/profile.ts), over one
 * window of time: the recorded load run, so start-up, warm-up and shutdown stay out.
 */

export interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber?: number; columnNumber?: number }; children?: number[] }>;
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/**
 * The work done after a commit on behalf of its events: positioning (sequence-events), publishing and
 * marking (outbox-relay), webhook and push fan-out and the delivery workers. Any of these frames on a
 * stack claims the sample, whatever lies above it (their SQL, Prisma, the driver). The event row built
 * inside the request's own transaction (record-event.ts) stays on the request path.
 */
const AFTER_COMMIT =
  /src\/events\/(outbox-relay|sequence-events|event-bus|event-hub|event-queue|follow-events|read-outbox|outbox-backlog|prune-events)|src\/webhooks\/|src\/push\/|src\/delivery\//;
export const AFTER_COMMIT_LAYER = 'events after commit (sequencing, relay publish and mark, fan-out)';

/** The other layers, matched against the nearest frame that belongs to one; first match wins. */
const LAYERS: Array<[string, RegExp]> = [
  ['SQL drivers (pg, better-sqlite3) and task store row mapping', /tasks\/store\/|better-sqlite3|node_modules\/pg/],
  ['GraphQL execution (graphql-js, executor, Pothos, resolvers, scalars)', /@graphql-tools|node_modules\/graphql\/|@pothos|src\/graphql\/schema|list-task-page|task-view/],
  ['Yoga, envelop, whatwg-node (request/response adaptation, result stringify)', /graphql-yoga|@envelop|@whatwg-node/],
  ['Prisma client', /@prisma|src\/generated/],
  ['logging (pino)', /pino|sonic-boom/],
  ['metrics (prom-client)', /prom-client|src\/metrics/],
  ['authentication (jose, caller)', /jose|src\/auth/],
  ['abort signals', /abort_controller|domexception/],
  ['Fastify, node:http', /fastify|_http_/],
  ['garbage collector', /\(garbage collector\)/],
];
/**
 * Socket and stream frames count for the caller above them (a query's write counts for the driver, a
 * reply's for Fastify); only what no caller claims (reading a socket, before a parser runs) counts here.
 */
const SOCKETS_LAYER = 'sockets and streams not claimed by a caller (HTTP and database alike)';
const SOCKETS = /\(writev\)|\(writeString\)|node:net|node:internal\/streams|stream_base_commons/;
const START_UP = /modules\/(esm|cjs)|compileSourceTextModule|wrapSafe/;

export interface LayerBreakdown {
  /** Each layer's share of the busy (non-idle) CPU time in the window, largest first. */
  busyShares: Array<[string, number]>;
  /** Share of the window's wall time the process's main thread sampled as idle (waiting on I/O). */
  idleShare: number;
}

/**
 * `fromMicros`/`toMicros` are CLOCK_MONOTONIC microseconds, the clock both V8's profile timestamps and
 * `process.hrtime` read, so the bench process can name the window the service process sampled.
 */
export function layerBreakdown(profile: CpuProfile, fromMicros: number, toMicros: number): LayerBreakdown {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const frameOf = (id: number) => {
    const { functionName, url } = nodes.get(id)!.callFrame;
    return `${functionName} ${url}`;
  };
  const layerOf = (id: number): string => {
    if (frameOf(id).startsWith('(idle)')) return 'idle';
    for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
      if (AFTER_COMMIT.test(frameOf(at))) return AFTER_COMMIT_LAYER;
    }
    let socket = false;
    for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
      const frame = frameOf(at);
      const layer = LAYERS.find(([, pattern]) => pattern.test(frame));
      if (layer) return layer[0];
      if (START_UP.test(frame)) return 'start-up';
      socket ||= SOCKETS.test(frame);
    }
    return socket ? SOCKETS_LAYER : 'other (Node internals, microtasks)';
  };
  const totals = new Map<string, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    at += delta;
    if (at < fromMicros || at > toMicros) return;
    const layer = layerOf(id);
    totals.set(layer, (totals.get(layer) ?? 0) + delta);
  });
  const wall = [...totals.values()].reduce((sum, time) => sum + time, 0);
  const idle = totals.get('idle') ?? 0;
  totals.delete('idle');
  totals.delete('start-up');
  const busy = [...totals.values()].reduce((sum, time) => sum + time, 0);
  return {
    busyShares: [...totals].map(([layer, time]): [string, number] => [layer, time / busy]).sort((a, b) => b[1] - a[1]),
    idleShare: wall === 0 ? 0 : idle / wall,
  };
}
