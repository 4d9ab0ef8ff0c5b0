/**
 * Structured logs: one JSON object per line on standard output, so that
 * journald, Docker or any log shipper can read them without a parser.
 * Modules take a Logger from their caller and add their own fields with
 * `logger.child({ module: 'turn-queue' })`.
 */
import { pino } from 'pino';
import type { Config } from './config/config.ts';

export type Logger = pino.Logger;

/** Fields that may carry a secret are never written, whatever a caller passes. */
const SECRET_FIELDS = ['token', 'password', 'databaseUrl', 'authorization', 'cookie'];

/**
 * The service's root logger. `destination` is for tests (an in-memory stream);
 * by default lines go to standard output.
 */
export function createLogger(config: Pick<Config, 'logLevel'>, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    base: { pid: process.pid, service: 'msc' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: [...SECRET_FIELDS, ...SECRET_FIELDS.map((f) => `*.${f}`)], censor: '[redacted]' },
  };
  return destination ? pino(options, destination) : pino(options);
}
