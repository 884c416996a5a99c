/**
 * Local times of day as minutes after midnight, written "HH:mm" (24-hour).
 */

/** Minutes after midnight, 0..1439 for a time of day. */
export type MinuteOfDay = number;

const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Parses "HH:mm" (00:00..23:59) to minutes after midnight; null when malformed. */
export function parseTimeOfDay(text: string): MinuteOfDay | null {
  const match = TIME_PATTERN.exec(text.trim());
  return match === null ? null : Number(match[1]) * 60 + Number(match[2]);
}

/** True for a well-formed "HH:mm" time of day. */
export function isValidTimeOfDay(text: string): boolean {
  return parseTimeOfDay(text) !== null;
}

/** Formats minutes after midnight as "HH:mm"; minutes past midnight of the next day wrap. */
export function formatTimeOfDay(minutes: MinuteOfDay): string {
  const wrapped = ((Math.trunc(minutes) % 1440) + 1440) % 1440;
  const hours = Math.floor(wrapped / 60);
  return `${String(hours).padStart(2, '0')}:${String(wrapped % 60).padStart(2, '0')}`;
}
