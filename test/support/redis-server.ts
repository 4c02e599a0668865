import { spawn, type ChildProcess } from 'node:child_process';
import net, { type AddressInfo, type Socket } from 'node:net';
import { Redis } from 'ioredis';

/** A free TCP port on 127.0.0.1 (free when asked; the caller binds it right away). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface OwnRedis {
  url: string;
  port: number;
  /** Kills the server (SIGKILL, nothing kept): every connection drops, new ones are refused. */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty, and resolves once it answers PING. */
  start(): Promise<void>;
  /** How many subscribers a channel has (PUBSUB NUMSUB); 0 while the server is down. */
  subscribers(channel: string): Promise<number>;
}

/**
 * A redis-server of the test's own on a free loopback port, without persistence, so a test can stop
 * and restart it without touching the shared one. Stopped by the returned cleanup.
 */
export async function startOwnRedis(): Promise<OwnRedis & { close(): Promise<void> }> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const url = `redis://127.0.0.1:${port}`;

  const start = async () => {
    const output: string[] = [];
    const process = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    process.stdout?.on('data', (chunk) => output.push(String(chunk)));
    process.stderr?.on('data', (chunk) => output.push(String(chunk)));
    child = process;
    const deadline = Date.now() + 10_000;
    for (;;) {
      if (process.exitCode !== null) throw new Error(`redis-server exited:\n${output.join('')}`);
      if (await answersPing(url)) return;
      if (Date.now() > deadline) throw new Error(`redis-server did not answer on port ${port}:\n${output.join('')}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  const stop = async () => {
    const process = child;
    child = undefined;
    if (!process || process.exitCode !== null || process.signalCode !== null) return;
    const exited = new Promise((resolve) => process.once('exit', resolve));
    process.kill('SIGKILL');
    await exited;
  };

  await start();
  return {
    url,
    port,
    start,
    stop,
    async subscribers(channel) {
      const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      try {
        await client.connect();
        const [, count] = (await client.pubsub('NUMSUB', channel)) as [string, number];
        return Number(count);
      } catch {
        return 0;
      } finally {
        client.disconnect();
      }
    },
    close: stop,
  };
}

async function answersPing(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

export interface TcpGate {
  /** Where clients connect instead of the target. */
  port: number;
  /** Refuses (closes at once) every new connection and cuts the open ones, until open(). */
  close(): void;
  open(): void;
  shutdown(): Promise<void>;
}

/**
 * A loopback TCP relay to `targetPort` that the test can shut, like a network path that comes back later
 * than the server behind it. A client behind it reconnects when the test chooses, not when its backoff does.
 */
export async function startTcpGate(targetPort: number): Promise<TcpGate> {
  let isOpen = true;
  const pairs = new Set<Socket>();
  const server = net.createServer((client) => {
    if (!isOpen) {
      client.destroy();
      return;
    }
    const upstream = net.connect(targetPort, '127.0.0.1');
    const cut = () => {
      client.destroy();
      upstream.destroy();
      pairs.delete(client);
    };
    pairs.add(client);
    client.on('error', cut).on('close', cut);
    upstream.on('error', cut).on('close', cut);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close() {
      isOpen = false;
      for (const client of [...pairs]) client.destroy();
    },
    open() {
      isOpen = true;
    },
    async shutdown() {
      isOpen = false;
      for (const client of [...pairs]) client.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
