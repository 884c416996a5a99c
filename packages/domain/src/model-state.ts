/**
 * ModelState: validation messages per field path, the body of a 400 (docs/api-conventions.md)
 * that the client joins into one text.
 */

/** Messages per field path, e.g. { "Booker.Email": ["A valid email address is required"] }. */
export type ModelState = Record<string, string[]>;

/** A validation issue as zod reports it. */
export interface PathIssue {
  path: readonly PropertyKey[];
  message: string;
}

/** The field path of an issue: names joined by dots, indexes in brackets ("Rooms[0].Guests[1].Email"). */
export function issuePath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, key) => {
    if (typeof key === 'number') return `${text}[${key}]`;
    const name = String(typeof key === 'symbol' ? (key.description ?? '') : key);
    return text === '' ? name : `${text}.${name}`;
  }, '');
}

/** Groups issues (e.g. a ZodError's) into a ModelState. */
export function modelStateFromIssues(issues: readonly PathIssue[]): ModelState {
  const modelState: ModelState = {};
  for (const issue of issues) (modelState[issuePath(issue.path)] ??= []).push(issue.message);
  return modelState;
}

/** The same messages under a parent path ("Booker" + "Email" -> "Booker.Email"). */
export function prefixModelState(prefix: string, modelState: ModelState): ModelState {
  return Object.fromEntries(
    Object.entries(modelState).map(([field, messages]) => [
      field === '' ? prefix : field.startsWith('[') ? `${prefix}${field}` : `${prefix}.${field}`,
      messages,
    ]),
  );
}

/** Joins every message into one text, "; " between them, optionally "Field: " before each. */
export function joinModelState(modelState: ModelState, withFieldNames: boolean): string {
  return Object.entries(modelState)
    .flatMap(([field, messages]) => messages.map((message) => (withFieldNames && field !== '' ? `${field}: ${message}` : message)))
    .join('; ');
}
