import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { simpleParser, type ParsedMail } from 'mailparser';
import { freePort } from '../../support/redis-server.js';

/** A real SMTP server on loopback (Python's aiosmtpd), storing what it accepts in a Maildir. */
export interface SmtpServer {
  port: number;
  url: string;
  /** Every message accepted so far, parsed by mailparser, in arrival order. */
  messages(): Promise<ParsedMail[]>;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Stops it and removes its Maildir. */
  close(): Promise<void>;
}

export { freePort };

async function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/**
 * aiosmtpd with hanging_mailbox.py: refuses recipients named bounce…@ with 550; `hangWhile`: a file,
 * while it exists the server stalls every mail before its recipient is taken, so senders hold their
 * connections without having handed anything over. `keep: false`: aiosmtpd's Sink, which accepts every
 * mail and writes none (a benchmark's hundreds of thousands; `messages()` is then empty). `dropEvery: n`:
 * on every nth mail it is handed, the server drops the connection instead of answering, keeping nothing.
 */
export async function createSmtpServer(port?: number, options: { hangWhile?: string; keep?: boolean; dropEvery?: number } = {}): Promise<SmtpServer> {
  const chosen = port ?? (await freePort());
  const dir = mkdtempSync(path.join(tmpdir(), 'tickler-smtp-'));
  const maildir = path.join(dir, 'mail');
  // Without a flag file that exists it never stalls; it always refuses bounce…@ recipients.
  const handler =
    options.keep === false
      ? ['aiosmtpd.handlers.Sink']
      : ['hanging_mailbox.HangingMailbox', maildir, options.hangWhile ?? path.join(dir, 'never'), ...(options.dropEvery ? [String(options.dropEvery)] : [])];
  let child: ChildProcess | undefined;
  const server: SmtpServer = {
    port: chosen,
    url: `smtp://127.0.0.1:${chosen}`,
    async messages() {
      const files: Array<{ name: string; file: string }> = [];
      for (const sub of ['new', 'cur']) {
        try {
          for (const name of readdirSync(path.join(maildir, sub))) files.push({ name, file: path.join(maildir, sub, name) });
        } catch {
          // not created yet
        }
      }
      // Maildir names start with the delivery time in seconds, then a sequence: good enough for order.
      files.sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
      return Promise.all(files.map(({ file }) => simpleParser(readFileSync(file))));
    },
    async start() {
      child = spawn('/usr/bin/python3', ['-m', 'aiosmtpd', '-n', '-l', `127.0.0.1:${chosen}`, '-c', ...handler], {
        stdio: 'ignore',
        env: { ...process.env, PYTHONPATH: path.dirname(fileURLToPath(import.meta.url)) },
      });
      const deadline = Date.now() + 10_000;
      while (!(await listening(chosen))) {
        if (Date.now() > deadline) throw new Error('aiosmtpd did not start');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async stop() {
      if (!child) return;
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      child = undefined;
    },
    async close() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return server;
}

export async function waitFor<T>(probe: () => Promise<T | undefined | false> | T | undefined | false, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
