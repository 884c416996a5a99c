import type { Logger } from 'pino';
import type { LogRequest } from './log-request';
import { sanitizeText, sanitizeUrl } from '../log-sanitizer';

/**
 * Writes a browser's diagnostic into the server log at its level, marked `source: 'web'` so
 * that it is never mistaken for the server's own, with every free-text field sanitised.
 */
export function writeWebLog(log: Logger, entry: LogRequest): void {
  const fields = {
    source: 'web',
    ...(entry.Code != null ? { code: sanitizeText(entry.Code) } : {}),
    ...(entry.Status != null ? { status: entry.Status } : {}),
    ...(entry.Url != null ? { url: sanitizeUrl(entry.Url) } : {}),
    ...(entry.Method != null ? { method: entry.Method.toUpperCase() } : {}),
    ...(entry.Details != null ? { details: sanitizeText(entry.Details) } : {}),
  };
  log[entry.Level](fields, sanitizeText(entry.Message));
}
