import type { Logger } from 'pino';
import type { LogRequest } from './log-request';
import { sanitizeText, sanitizeUrl } from '../log-sanitizer';

/**
 * Writes a browser's diagnostic into the server log at its level (a 4xx at most as a warning), marked `source: 'web'` so
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
  // A refusal the guest can act on (a declined card: 402) is no fault of ours, whatever level
  // an older client sends it at.
  const level = entry.Level === 'error' && entry.Status != null && entry.Status >= 400 && entry.Status < 500 ? 'warn' : entry.Level;
  log[level](fields, sanitizeText(entry.Message));
}
