/**
 * Counting what is free over a stay: a room type or a service is as available as its
 * scarcest night (docs/domain-rules.md).
 */

/** Rooms left at or below which the availability badge shows. */
export const LOW_AVAILABILITY_THRESHOLD = 3;

/** The smallest free count over a stay's nights; 0 for a stay without nights. */
export function smallestFreeCount(freePerNight: readonly number[]): number {
  if (freePerNight.length === 0) return 0;
  return Math.max(0, Math.min(...freePerNight));
}

/** True when the "only a few left" badge shows: 3 or fewer rooms remain, and at least one. */
export function showsLowAvailabilityBadge(roomsLeft: number): boolean {
  return roomsLeft > 0 && roomsLeft <= LOW_AVAILABILITY_THRESHOLD;
}
