/**
 * Structured logs (JSON lines). Request logs carry method, path without the query string, status
 * and duration: query strings and bodies can hold guests' details, and headers hold tokens.
 */
import pino from 'pino';

export type Logger = pino.Logger;

/** `destination`: stdout unless given (tests read the lines the server writes). */
export function createLogger(level: pino.LevelWithSilent, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    redact: {
      paths: ['*.password', '*.access_token', '*.refresh_token', '*.authorization', '*.apikey'],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
