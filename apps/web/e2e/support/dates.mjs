// Stay dates relative to the day the suite runs (the demo's prices and rooms cover them).

export const DAY = 86_400_000;

/** The date `days` after today, YYYY-MM-DD (UTC). */
export function isoDaysAhead(days) {
  return new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
}
