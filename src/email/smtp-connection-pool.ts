import SMTPConnection from 'nodemailer/lib/smtp-connection';

export interface SmtpConnectionPoolOptions {
  /** SMTP_URL: smtp:// (STARTTLS when the server offers it) or smtps://, credentials in the URL. */
  url: URL;
  /** Bounds connecting, the greeting and each reply. */
  timeoutMs: number;
  maxConnections: number;
  /** A connection says QUIT after this many mails and is replaced. */
  maxMessages: number;
  /** A mail not handed over after this long, waiting for a connection included, fails. */
  deadlineMs: number;
}

export interface SmtpEnvelope {
  from: string;
  to: string[];
}

export interface SmtpConnectionPool {
  /** Resolves once the server took the message (250), rejects with nodemailer's error otherwise. */
  send(envelope: SmtpEnvelope, message: Buffer): Promise<void>;
  /** Closes every connection; mails waiting or in flight fail. */
  close(): void;
}

interface Job {
  envelope: SmtpEnvelope;
  message: Buffer;
  settle(error?: unknown): void;
}

interface Slot {
  connection: SMTPConnection;
  ready: boolean;
  job: Job | null;
  sent: number;
  gone: boolean;
}

/** After a connection could not be opened, none is tried for this long (the mails waiting failed). */
const REOPEN_PAUSE_MS = 1000;

/**
 * Connections to one SMTP server, each sending one mail at a time over nodemailer's SMTPConnection
 * (nodemailer's own pool, with its Mailer, composer and streams around every mail, cost several times
 * the CPU of the SMTP conversation itself). A mail whose connection breaks fails at once, not
 * requeued: the dispatcher records that attempt and retries it with its back-off. A connection that
 * cannot be opened fails the mails waiting when no other connection is up, so a server that is down
 * makes mails fail fast, to be retried later, rather than wait out their deadline.
 */
export function createSmtpConnectionPool(options: SmtpConnectionPoolOptions): SmtpConnectionPool {
  const queue: Job[] = [];
  const slots = new Set<Slot>();
  const { url } = options;
  const auth = url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined;
  let closed = false;
  let pausedUntil = 0;
  let pauseTimer: NodeJS.Timeout | undefined;

  function retire(slot: Slot, error?: unknown): void {
    if (slot.gone) return;
    slot.gone = true;
    slots.delete(slot);
    slot.job?.settle(error ?? new Error('the SMTP connection closed'));
    slot.job = null;
    slot.connection.close();
    pump();
  }

  function failWaiting(error: unknown): void {
    if ([...slots].some((slot) => slot.ready)) return;
    for (const job of queue.splice(0)) job.settle(error);
  }

  function open(): void {
    const connection = new SMTPConnection({
      host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
      ...(url.port ? { port: Number(url.port) } : {}),
      secure: url.protocol === 'smtps:',
      connectionTimeout: options.timeoutMs,
      greetingTimeout: options.timeoutMs,
      socketTimeout: options.timeoutMs,
    });
    const slot: Slot = { connection, ready: false, job: null, sent: 0, gone: false };
    slots.add(slot);
    const failed = (error: unknown) => {
      if (slot.gone) return;
      pausedUntil = Date.now() + REOPEN_PAUSE_MS;
      retire(slot, error);
      failWaiting(error);
    };
    // Before it is ready, an error (ECONNREFUSED comes as one) means it could not be opened.
    connection.on('error', (error: unknown) => (slot.ready ? retire(slot, error) : failed(error)));
    connection.once('end', () => (slot.ready ? retire(slot) : failed(new Error('the SMTP server closed the connection before it was ready'))));
    const ready = () => {
      slot.ready = true;
      pump();
    };
    connection.connect((error) => {
      if (error) return failed(error);
      if (slot.gone) return;
      if (!auth) return ready();
      connection.login(auth, (loginError) => (slot.gone ? undefined : loginError ? failed(loginError) : ready()));
    });
  }

  function start(slot: Slot, job: Job): void {
    slot.job = job;
    slot.connection.send(job.envelope, job.message, (error) => {
      if (slot.job !== job) return;
      slot.job = null;
      if (error) {
        job.settle(error);
        // A refused or broken transaction leaves the session in doubt: a fresh connection takes the next mail.
        retire(slot);
        return;
      }
      job.settle();
      slot.sent += 1;
      if (slot.sent >= options.maxMessages) {
        slot.gone = true;
        slots.delete(slot);
        slot.connection.quit();
      }
      pump();
    });
  }

  function pump(): void {
    while (queue.length > 0 && !closed) {
      let idle: Slot | undefined;
      let opening = 0;
      for (const slot of slots) {
        if (!slot.ready) opening += 1;
        else if (!slot.job && !idle) idle = slot;
      }
      if (idle) {
        start(idle, queue.shift()!);
        continue;
      }
      if (slots.size >= options.maxConnections || opening >= queue.length) return;
      const wait = pausedUntil - Date.now();
      if (wait > 0) {
        pauseTimer ??= setTimeout(() => {
          pauseTimer = undefined;
          pump();
        }, wait);
        return;
      }
      open();
    }
  }

  return {
    send(envelope, message) {
      if (closed) return Promise.reject(new Error('the SMTP sender is closed'));
      return new Promise<void>((resolve, reject) => {
        let settled = false;
        const job: Job = {
          envelope,
          message,
          settle(error) {
            if (settled) return;
            settled = true;
            clearTimeout(deadline);
            if (error === undefined) resolve();
            else reject(error instanceof Error ? error : new Error(String(error)));
          },
        };
        const deadline = setTimeout(() => {
          const waiting = queue.indexOf(job);
          if (waiting >= 0) queue.splice(waiting, 1);
          const error = new Error(`not handed over to the SMTP server within ${options.deadlineMs} ms`);
          const carrier = [...slots].find((slot) => slot.job === job);
          if (carrier) retire(carrier, error);
          else job.settle(error);
        }, options.deadlineMs);
        queue.push(job);
        pump();
      });
    },
    close() {
      closed = true;
      clearTimeout(pauseTimer);
      for (const job of queue.splice(0)) job.settle(new Error('the SMTP sender is closed'));
      for (const slot of [...slots]) retire(slot, new Error('the SMTP sender is closed'));
    },
  };
}
