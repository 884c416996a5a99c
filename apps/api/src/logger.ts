import { pino, type Logger } from 'pino';

/**
 * Paths pino blanks wherever they appear in a logged object: credentials, session cookies,
 * and anything card-shaped. Request bodies are never logged whole; this is the second line.
 */
export const redactedPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  '*.Password',
  '*.ConfirmPassword',
  '*.CurrentPassword',
  '*.password',
  '*.CardNumber',
  '*.SecurityCode',
  '*.cardNumber',
  '*.securityCode',
  '*.Token',
  '*.token',
  'CardDetails',
  '*.CardDetails',
];

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: redactedPaths, censor: '[redacted]' },
      base: { service: 'hotel-api' },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}

export type { Logger };
