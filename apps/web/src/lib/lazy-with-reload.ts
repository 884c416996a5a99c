/**
 * Loading the app's chunks (every page but the first, the wire schemas) when the network may
 * fail them. A chunk that fails while the browser is offline is loaded again once the
 * connection is back, instead of the page doing nothing; one that fails while online most
 * likely went with a new deploy, so the page address is loaded afresh, once.
 */
import { lazy, type ComponentType } from 'react';

const RELOAD_MARK = 'hotel:reloaded-for';

/** Resolves once the browser says it is online again. */
function connectionBack(): Promise<void> {
  return new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true }));
}

/**
 * Loads a chunk; if it fails while offline, calls `onWaiting` and tries again once the
 * connection is back. A failure while online is thrown.
 */
export async function loadWhenOnline<T>(load: () => Promise<T>, onWaiting?: () => void): Promise<T> {
  for (;;) {
    try {
      return await load();
    } catch (error) {
      if (navigator.onLine) throw error;
      onWaiting?.();
      await connectionBack();
    }
  }
}

/** Loads the page afresh (what was chosen and typed is in session storage), once per address. */
function reloadOnce(error: unknown): Promise<never> {
  const target = window.location.href;
  if (sessionStorage.getItem(RELOAD_MARK) === target) throw error;
  sessionStorage.setItem(RELOAD_MARK, target);
  window.location.assign(target);
  // Keep suspending while the browser reloads.
  return new Promise<never>(() => undefined);
}

/** React.lazy for route pages and lazy parts: loaded when online, the address reloaded once if a deploy replaced the chunk. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
export function lazyWithReload<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(async () => {
    try {
      const module = await loadWhenOnline(load);
      sessionStorage.removeItem(RELOAD_MARK);
      return module;
    } catch (error) {
      return reloadOnce(error);
    }
  });
}

/** A chunk that is not a page (a wire schema): loaded when online, the address reloaded once if it is gone. */
export async function importChunk<T>(load: () => Promise<T>, onWaiting?: () => void): Promise<T> {
  try {
    return await loadWhenOnline(load, onWaiting);
  } catch (error) {
    return reloadOnce(error);
  }
}
