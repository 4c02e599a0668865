import WebSocket from 'ws';

export interface OperationResult {
  data?: unknown;
  errors?: Array<{ message: string; extensions?: { code?: string } }>;
}

/** What a subscription pushed, and the next push (bounded, so a test never hangs). */
export interface SubscriptionInbox {
  values: OperationResult[];
  next(timeoutMs?: number): Promise<OperationResult>;
}

/** A graphql-transport-ws socket, acknowledged, that runs operations one message at a time. */
export interface OperationSocket {
  /** How the socket closed (code and reason), once it has. */
  closed: Promise<{ code: number; reason: string }>;
  isOpen(): boolean;
  /** The first result of a query or mutation (an `error` message's errors as `errors`); 'closed' if the socket closed first. */
  run(query: string): Promise<OperationResult | 'closed'>;
  subscribe(query: string): SubscriptionInbox;
  close(): void;
}

/** Opens a socket on `url` (ws://…/graphql) with the token in connectionParams and waits for connection_ack. */
export async function openOperationSocket(url: string, token: string): Promise<OperationSocket> {
  const socket = new WebSocket(url, 'graphql-transport-ws');
  const handlers = new Map<string, (message: { type: string; payload?: unknown }) => void>();
  let nextId = 0;
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code, reason) => {
      resolve({ code, reason: reason.toString() });
      for (const handler of handlers.values()) handler({ type: 'closed' });
    }),
  );
  socket.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } })));
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { id?: string; type: string; payload?: unknown };
      if (message.type === 'connection_ack') resolve();
      if (message.id !== undefined) handlers.get(message.id)?.(message);
    });
    void closed.then(({ code, reason }) => reject(new Error(`closed with ${code} ${reason} before connection_ack`)));
  });

  const start = (query: string, onMessage: (message: { type: string; payload?: unknown }) => void): boolean => {
    if (socket.readyState !== WebSocket.OPEN) return false;
    const id = String(++nextId);
    handlers.set(id, onMessage);
    socket.send(JSON.stringify({ id, type: 'subscribe', payload: { query } }));
    return true;
  };

  return {
    closed,
    isOpen: () => socket.readyState === WebSocket.OPEN,
    run(query) {
      return new Promise((resolve) => {
        const started = start(query, (message) => {
          if (message.type === 'next') resolve(message.payload as OperationResult);
          else if (message.type === 'error') resolve({ errors: message.payload as OperationResult['errors'] });
          else if (message.type === 'closed') resolve('closed');
        });
        if (!started) resolve('closed');
      });
    },
    subscribe(query) {
      const values: OperationResult[] = [];
      let read = 0;
      let pushed: (() => void) | undefined;
      start(query, (message) => {
        if (message.type === 'next') values.push(message.payload as OperationResult);
        else if (message.type === 'error') values.push({ errors: message.payload as OperationResult['errors'] });
        else return;
        pushed?.();
      });
      return {
        values,
        async next(timeoutMs = 10_000) {
          if (read >= values.length) {
            await new Promise<void>((resolve, reject) => {
              const timer = setTimeout(() => reject(new Error(`nothing pushed within ${timeoutMs} ms`)), timeoutMs);
              pushed = () => {
                clearTimeout(timer);
                pushed = undefined;
                resolve();
              };
            });
          }
          return values[read++]!;
        },
      };
    },
    close: () => socket.close(1000),
  };
}
