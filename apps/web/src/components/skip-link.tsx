/** The first thing a keyboard reaches: a link past the header to the page's main region. */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only bg-white p-2 text-gray-900 focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded"
    >
      Skip to content
    </a>
  );
}
