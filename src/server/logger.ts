/**
 * Structured logs (JSON lines). Request logs carry method, path without the query string, status
 * and duration: query strings and bodies can hold guests' details, and headers hold tokens.
 */
import pino from 'pino';

export type Logger = pino.Logger;

export function createLogger(level: pino.LevelWithSilent): Logger {
  return pino({
    level,
    base: undefined,
    redact: {
      paths: ['*.password', '*.access_token', '*.refresh_token', '*.authorization', '*.apikey'],
      censor: '[redacted]',
    },
  });
}
