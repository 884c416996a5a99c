/** Says so while the browser is offline, on every page, so a button that waits is not a mystery. */
import { useOnline } from '../hooks/use-online';

export function OfflineBanner() {
  const online = useOnline();
  return (
    <div role="status" aria-live="polite" className="print:hidden">
      {!online && (
        <p className="bg-dark px-4 py-2 text-center text-sm font-medium text-on-dark" data-testid="offline-banner">
          You are offline. What you have chosen is kept, and the page carries on when your connection is back.
        </p>
      )}
    </div>
  );
}
