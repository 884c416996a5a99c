/**
 * React.lazy for route pages: when a page's chunk fails to load (a deploy replaced it), the
 * browser reloads the target address once instead of showing a broken page (spec section 2).
 */
import { lazy, type ComponentType } from 'react';

const RELOAD_MARK = 'hotel:reloaded-for';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
export function lazyWithReload<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(async () => {
    try {
      const module = await load();
      sessionStorage.removeItem(RELOAD_MARK);
      return module;
    } catch (error) {
      const target = window.location.href;
      if (sessionStorage.getItem(RELOAD_MARK) !== target) {
        sessionStorage.setItem(RELOAD_MARK, target);
        window.location.assign(target);
        // Keep suspending while the browser reloads.
        return new Promise<never>(() => undefined);
      }
      throw error;
    }
  });
}
