/**
 * Form values kept in the tab's sessionStorage as well as in memory, so a reload, Back or
 * Forward gives back what the guest typed. A saved value belongs to a scope (a basket, a
 * property) and is given back only there; `keep` says what of it may be stored at all: never
 * card details nor passwords.
 */
import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';

export interface SessionStorage<T> {
  /** Names the value among the tab's other saved values. */
  name: string;
  /** What the value belongs to: a value saved under another scope is not given back. */
  scope: string;
  /** What of the value may be stored. */
  keep: (value: T) => Partial<T>;
}

const storageKey = (name: string) => `hotel:draft:${name}`;

function readSaved<T>(storage: SessionStorage<T>): Partial<T> | undefined {
  try {
    const saved = JSON.parse(sessionStorage.getItem(storageKey(storage.name)) ?? 'null') as { scope?: string; value?: Partial<T> } | null;
    return saved?.scope === storage.scope ? saved.value : undefined;
  } catch {
    return undefined;
  }
}

/** useState whose value is also saved for the session; `initial` gets what was saved (undefined when nothing). */
export function useSessionState<T>(
  storage: SessionStorage<T> | null,
  initial: (saved: Partial<T> | undefined) => T,
): [T, Dispatch<SetStateAction<T>>] {
  const [value, setValue] = useState<T>(() => initial(storage === null ? undefined : readSaved(storage)));
  const name = storage?.name;
  const scope = storage?.scope;
  const keep = storage?.keep;
  useEffect(() => {
    if (name === undefined || keep === undefined) return;
    try {
      sessionStorage.setItem(storageKey(name), JSON.stringify({ scope, value: keep(value) }));
    } catch {
      // Private mode without storage: the value lives as long as the page.
    }
  }, [name, scope, keep, value]);
  return [value, setValue];
}

/** Drops a saved value: the next form of that name starts from its own initial values. */
export function forgetSessionState(name: string): void {
  try {
    sessionStorage.removeItem(storageKey(name));
  } catch {
    // Without storage nothing was saved.
  }
}
