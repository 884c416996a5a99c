/** A waiting state that says what it waits for. */
export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className="flex items-center gap-3 py-8 text-gray-700">
      <span className="size-5 animate-spin rounded-full border-2 border-gray-300 border-t-primary" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
