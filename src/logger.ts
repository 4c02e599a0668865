import pino, { type LogFn } from 'pino';
import type { LogLevel } from './config.js';

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

/** Structured JSON logs; credentials are redacted wherever they could appear. */
export function createLogger(level: LogLevel, destination?: pino.DestinationStream): pino.Logger {
  return pino(
    {
      level,
      redact: {
        paths: ['req.headers.authorization', 'headers.authorization', 'authorization', 'token', '*.token'],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
