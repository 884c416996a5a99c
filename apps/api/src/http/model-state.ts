import type { z } from 'zod';
import type { ModelState } from './app-error';

/** Renders a zod issue path the way ASP.NET ModelState and our definition errors do: `Rooms[0].NumberOfAdults`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out === '' ? String(segment) : `.${String(segment)}`;
  }
  return out;
}

/** Groups zod issues by field path; an issue about the whole body goes under the empty key. */
export function toModelState(issues: readonly z.core.$ZodIssue[], prefix?: string): ModelState {
  const state: ModelState = {};
  for (const issue of issues) {
    const field = formatPath(prefix ? [prefix, ...issue.path] : issue.path);
    (state[field] ??= []).push(issue.message);
  }
  return state;
}
