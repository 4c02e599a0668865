import { createRequire } from 'node:module';
import pino, { type LogFn } from 'pino';
import type { LogFormat, LogLevel } from './config.js';

/** The logging surface services use; pino loggers and Fastify's request loggers both fit it. */
export interface Logger {
  fatal: LogFn;
  error: LogFn;
  warn: LogFn;
  info: LogFn;
  debug: LogFn;
  trace: LogFn;
  child(bindings: Record<string, unknown>): Logger;
}

type PrettyFactory = (options: { destination?: pino.DestinationStream | number; colorize?: boolean; sync?: boolean }) => pino.DestinationStream;

/** pino-pretty, loaded only when LOG_FORMAT=pretty asks for it. */
function prettyStream(destination: pino.DestinationStream | undefined): pino.DestinationStream {
  const pretty = createRequire(import.meta.url)('pino-pretty') as PrettyFactory;
  return pretty({ destination: destination ?? 1, colorize: destination === undefined && process.stdout.isTTY, sync: true });
}

/**
 * One JSON object per line with the level's name (`"level":"info"`) and an ISO time; credentials are
 * redacted wherever they could appear. `pretty`: the same lines made readable for a person.
 */
export function createLogger(level: LogLevel, destination?: pino.DestinationStream, format: LogFormat = 'json'): pino.Logger {
  return pino(
    {
      level,
      formatters: { level: (label) => ({ level: label }) },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: {
        paths: ['req.headers.authorization', 'headers.authorization', 'authorization', 'token', '*.token'],
        censor: '[redacted]',
      },
    },
    format === 'pretty' ? prettyStream(destination) : destination,
  );
}
