/**
 * The "next item that ..." search the wizard and review steps share: the current index
 * first, then the ones after it, wrapping round to the start.
 */

/** The first index from `start` (inclusive, wrapping) whose element matches, or -1. */
export function findIndexFrom<T>(items: readonly T[], start: number, matches: (item: T, index: number) => boolean): number {
  const count = items.length;
  const first = count === 0 ? 0 : ((Math.trunc(start) % count) + count) % count;
  for (let step = 0; step < count; step += 1) {
    const index = (first + step) % count;
    if (matches(items[index] as T, index)) return index;
  }
  return -1;
}
