/**
 * A modal dialog on the native <dialog>: showModal() makes the page behind inert (focus stays
 * inside), Escape closes it, and focus returns to what opened it.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';

export function Dialog(props: { open: boolean; title: string; onClose: () => void; children: ReactNode; wide?: boolean }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { open, onClose } = props;

  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return;
    if (open && !dialog.open) {
      const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      return () => {
        if (dialog.open) dialog.close();
        opener?.focus();
      };
    }
    return undefined;
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its panel) closes it.
        if (event.target === ref.current) onClose();
      }}
      className={`m-auto w-[calc(100%-2rem)] ${props.wide ? 'max-w-2xl' : 'max-w-md'} rounded-lg bg-white p-0 text-gray-900 shadow-xl backdrop:bg-black/50`}
    >
      {open && (
        <div className="p-6">
          <div className="mb-4 flex items-start justify-between gap-4">
            <h2 id={titleId} className="text-xl font-semibold">
              {props.title}
            </h2>
            <button
              type="button"
              onClick={onClose}
              className="-m-2 flex size-11 items-center justify-center rounded-md text-2xl leading-none hover:bg-gray-100"
              aria-label="Close"
            >
              ×
            </button>
          </div>
          {props.children}
        </div>
      )}
    </dialog>
  );
}
