/**
 * Notifications: positive or negative, at the top or the bottom of the
 * page, each for 5 seconds. The two regions are always in the page so screen readers announce
 * what appears in them (polite for positive news, assertive for problems). The top ones show
 * under the page's header where a `ToastAnchor` marks it (never over the hotel's name), and stay
 * at the top of the window once the header has scrolled away. A modal dialog is drawn over every
 * notification, so a form in one tells its failures inside it.
 */
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { TOAST_DURATION_MS } from '@hotel/domain/messages';

export type ToastKind = 'positive' | 'negative';
export type ToastPosition = 'top' | 'bottom';

interface Toast {
  id: number;
  kind: ToastKind;
  position: ToastPosition;
  text: string;
}

export interface Toaster {
  positive: (text: string, position?: ToastPosition) => void;
  negative: (text: string, position?: ToastPosition) => void;
}

const ToastContext = createContext<Toaster | null>(null);
const AnchorContext = createContext<((element: HTMLElement | null) => void) | null>(null);

/** Where the top notifications show: put it right after the page's header. */
export function ToastAnchor() {
  const setAnchor = useContext(AnchorContext);
  return <div ref={setAnchor} data-testid="toast-anchor" className="sticky top-0 z-50 h-0 print:hidden" />;
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((current) => current.filter((toast) => toast.id !== id)), []);

  const show = useCallback(
    (kind: ToastKind, text: string, position: ToastPosition) => {
      const id = nextId.current++;
      setToasts((current) => [...current, { id, kind, position, text }]);
      window.setTimeout(() => dismiss(id), TOAST_DURATION_MS);
    },
    [dismiss],
  );

  const toaster = useMemo<Toaster>(
    () => ({
      positive: (text, position = 'top') => show('positive', text, position),
      negative: (text, position = 'top') => show('negative', text, position),
    }),
    [show],
  );

  const region = (position: ToastPosition, kind: ToastKind) => (
    <div
      role={kind === 'negative' ? 'alert' : 'status'}
      aria-live={kind === 'negative' ? 'assertive' : 'polite'}
      aria-atomic="false"
      className="contents"
    >
      {toasts
        .filter((toast) => toast.position === position && toast.kind === kind)
        .map((toast) => (
          <div
            key={toast.id}
            data-toast={toast.kind}
            className={`pointer-events-auto flex w-full max-w-md items-start justify-between gap-3 rounded-md px-4 py-3 shadow-lg ${
              toast.kind === 'positive' ? 'bg-positive text-on-positive' : 'bg-negative text-on-negative'
            }`}
          >
            <p className="text-sm font-medium">{toast.text}</p>
            <button
              type="button"
              onClick={() => dismiss(toast.id)}
              className="-my-1 rounded px-2 text-lg leading-none"
              aria-label="Dismiss notification"
            >
              ×
            </button>
          </div>
        ))}
    </div>
  );

  const column = 'pointer-events-none inset-x-0 top-0 flex flex-col items-center gap-2 p-4';
  const top = (
    <div className={`${column} ${anchor === null ? 'fixed z-50 print:hidden' : 'absolute'}`}>
      {region('top', 'positive')}
      {region('top', 'negative')}
    </div>
  );

  return (
    <ToastContext.Provider value={toaster}>
      <AnchorContext.Provider value={setAnchor}>{children}</AnchorContext.Provider>
      {anchor === null ? top : createPortal(top, anchor)}
      <div className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-4 print:hidden">
        {region('bottom', 'positive')}
        {region('bottom', 'negative')}
      </div>
    </ToastContext.Provider>
  );
}

/** Shows notifications. */
export function useToast(): Toaster {
  const toaster = useContext(ToastContext);
  if (toaster === null) throw new Error('useToast outside ToastProvider');
  return toaster;
}
